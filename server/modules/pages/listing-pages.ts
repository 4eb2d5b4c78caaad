import { bookPath } from '#common/paths.ts'
import { BooksQuery } from '#common/schemas/books.ts'
import { FeedQuery, type PostCategory } from '#common/schemas/posts.ts'
import { WritersQuery } from '#common/schemas/writers.ts'
import type { AppContext } from '#server/context.ts'
import { listBooks } from '#server/modules/books/catalogue.service.ts'
import { absoluteUrl, CATEGORY_PAGES, subjectPath, writerPath } from '#server/modules/feeds/public-paths.ts'
import { listFeed } from '#server/modules/posts/feed.service.ts'
import { getSubject, listSubjects } from '#server/modules/subjects/subjects.service.ts'
import { listWriters } from '#server/modules/writers/writers.service.ts'
import { SITE_DESCRIPTION } from './document.ts'
import { html } from './html.ts'
import {
  breadcrumbs,
  listing,
  notFound,
  orNotFound,
  PAGE_TITLE,
  type PageContent,
  postList,
  summary,
} from './page-parts.ts'

// The listing and fixed pages as a visitor without JavaScript sees them (decision 026): titles and
// links, read through the same services as their JSON endpoints.

// --- Listings -------------------------------------------------------------------------------

export async function homePage(ctx: AppContext): Promise<PageContent> {
  const posts = await listFeed(ctx, FeedQuery.parse({}))
  return {
    status: 200,
    title: '',
    description: SITE_DESCRIPTION,
    feed: { title: 'Inkwell', pagePath: '/' },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Inkwell',
        url: absoluteUrl(ctx.config.appUrl, '/'),
        description: SITE_DESCRIPTION,
      },
    ],
    main: listing(
      'Inkwell',
      'Read, learn and write. The newest posts:',
      postList(posts.items, 'Nothing is published yet.'),
    ),
  }
}

export async function categoryPage(ctx: AppContext, category: PostCategory): Promise<PageContent> {
  const page = CATEGORY_PAGES[category]
  const posts = await listFeed(ctx, FeedQuery.parse({ category }))
  const description = `${page.title} on Inkwell, newest first.`
  return {
    status: 200,
    title: page.title,
    description,
    feed: { title: `${page.title} – Inkwell`, pagePath: page.path },
    jsonLd: [
      breadcrumbs(ctx.config.appUrl, [
        ['Inkwell', '/'],
        [page.title, page.path],
      ]),
    ],
    main: listing(page.title, description, postList(posts.items, 'Nothing is published here yet.')),
  }
}

export async function subjectPage(ctx: AppContext, slug: string): Promise<PageContent> {
  const subject = await orNotFound(getSubject(ctx, slug))
  if (!subject) return notFound()
  const posts = await listFeed(ctx, FeedQuery.parse({ subject: slug }))
  const path = subjectPath(slug)
  const description = summary(subject.description, `Posts about ${subject.name} on Inkwell.`)
  return {
    status: 200,
    title: subject.name,
    description,
    feed: { title: `${subject.name} – Inkwell`, pagePath: path },
    jsonLd: [
      breadcrumbs(ctx.config.appUrl, [
        ['Inkwell', '/'],
        ['All posts', '/contents'],
        [subject.name, path],
      ]),
    ],
    main: listing(
      subject.name,
      description,
      postList(posts.items, 'Nothing is published in this subject yet.'),
    ),
  }
}

export async function contentsPage(ctx: AppContext): Promise<PageContent> {
  const subjects = await listSubjects(ctx)
  return {
    status: 200,
    title: 'All posts',
    description: 'Every subject on Inkwell, with its posts.',
    main: listing(
      'All posts',
      'Every subject on Inkwell.',
      html`<ul class="mt-6 space-y-2">${subjects.map(
        (s) =>
          html`<li><a href="${subjectPath(s.slug)}">${s.name}</a> <span class="text-stone-500">(${s.posts})</span></li>`,
      )}</ul>`,
    ),
  }
}

export async function writersPage(ctx: AppContext): Promise<PageContent> {
  const writers = await listWriters(ctx, WritersQuery.parse({}))
  return {
    status: 200,
    title: 'Writers',
    description: 'The writers of Inkwell.',
    main: listing(
      'Writers',
      'The writers of Inkwell, by name.',
      html`<ul class="mt-6 space-y-4">${writers.items.map(
        (w) =>
          html`<li><a class="font-semibold" href="${writerPath(w.id)}">${w.name}</a>${w.bio ? html`<p class="text-stone-600">${summary(w.bio, '')}</p>` : ''}</li>`,
      )}</ul>`,
    ),
  }
}

export async function booksPage(ctx: AppContext): Promise<PageContent> {
  const books = await listBooks(ctx, BooksQuery.parse({}))
  return {
    status: 200,
    title: 'Books Store',
    description: 'Books by Inkwell writers: read the free preview, then buy or add to your library.',
    main: listing(
      'Books Store',
      'Books by Inkwell writers.',
      html`<ul class="mt-6 space-y-4">${books.items.map(
        (b) =>
          html`<li><a class="font-semibold" href="${bookPath(b.id)}">${b.title}</a> <span class="text-stone-500">by ${b.author.name}</span></li>`,
      )}</ul>`,
    ),
  }
}

// --- Static pages ---------------------------------------------------------------------------

const STATIC: Record<string, { title: string; description: string }> = {
  '/aboutus': {
    title: 'About us',
    description: 'What Inkwell is: a place to read, learn and write, and the people behind it.',
  },
  '/privacy': {
    title: 'Privacy policy',
    description: 'What Inkwell collects, why, and what you can do about it.',
  },
  '/terms': { title: 'Terms of use', description: 'The terms for reading, writing and selling on Inkwell.' },
  '/contact': { title: 'Contact us', description: 'Write to the Inkwell team.' },
}

export const STATIC_PATHS = Object.keys(STATIC)

export function staticPage(path: string): PageContent {
  const { title, description } = STATIC[path]
  return {
    status: 200,
    title,
    description,
    main: html`<section class="mx-auto max-w-3xl"><h1 class="${PAGE_TITLE}">${title}</h1><p class="mt-3 text-stone-600">${description}</p></section>`,
  }
}
