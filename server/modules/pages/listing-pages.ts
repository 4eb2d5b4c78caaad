import { SHOWN } from '#common/query-keys.ts'
import { POST_CATEGORIES, type PostCategory } from '#common/schemas/posts.ts'
import type { AppContext } from '#server/context.ts'
import { absoluteUrl, CATEGORY_PAGES, subjectPath, writerPath } from '#server/modules/feeds/public-paths.ts'
import { SITE_DESCRIPTION } from './document.ts'
import { type Html, html } from './html.ts'
import {
  bookList,
  breadcrumbs,
  listing,
  notFound,
  orNotFound,
  PAGE_TITLE,
  type PageContent,
  postList,
  summary,
} from './page-parts.ts'
import { reads } from './public-reads.ts'

// The listing and fixed pages as a visitor without JavaScript sees them (decision 026): titles and
// links, read through the same services as their JSON endpoints. Each page also hands the app the
// data its screen shows first (the same reads, under the web's query keys and sizes), so the app's
// first render has it; a screen whose address holds filters (?sort=, ?q=, …) fetches its own.

/** Whether the address holds none of the filters a screen reads from it. */
const unfiltered = (search: URLSearchParams, names: string[]) => !names.some((name) => search.has(name))

const section = (title: string, content: Html) =>
  html`<section class="mt-10"><h2 class="text-2xl font-semibold">${title}</h2>${content}</section>`

const subjectLinks = (subjects: Array<{ slug: string; name: string; posts: number }>) =>
  html`<ul class="mt-6 space-y-2">${subjects.map(
    (s) =>
      html`<li><a href="${subjectPath(s.slug)}">${s.name}</a> <span class="text-stone-500">(${s.posts})</span></li>`,
  )}</ul>`

// --- Listings -------------------------------------------------------------------------------

export async function homePage(ctx: AppContext): Promise<PageContent> {
  const [featured, popular, topBooks, ...latest] = await Promise.all([
    reads.feed(ctx, { sort: 'featured', limit: SHOWN.featured }),
    reads.popular(ctx, { limit: SHOWN.popular }),
    reads.bookShelf(ctx, { sort: 'bestselling' }, SHOWN.topBooks),
    ...POST_CATEGORIES.map((category) =>
      reads.feed(ctx, { category, sort: 'newest', limit: SHOWN.latestPerCategory }),
    ),
  ])
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
      'Read, learn and write.',
      html`${featured.data.items.length ? section('Featured', postList(featured.data.items, '', 3)) : ''}${latest.map(
        (feed, i) =>
          section(
            `Latest in ${CATEGORY_PAGES[POST_CATEGORIES[i]].title}`,
            postList(feed.data.items, 'Nothing is published here yet.', 3),
          ),
      )}${topBooks.data.items.length ? section('Top books', bookList(topBooks.data.items)) : ''}`,
    ),
    queries: [featured, popular, topBooks, ...latest].map((r) => r.query),
  }
}

export async function categoryPage(ctx: AppContext, category: PostCategory): Promise<PageContent> {
  const page = CATEGORY_PAGES[category]
  const [latest, featured, popular, subjects] = await Promise.all([
    reads.feed(ctx, { category, sort: 'newest' }),
    reads.feed(ctx, { category, sort: 'featured', limit: SHOWN.featured }),
    reads.popular(ctx, { category, limit: SHOWN.popularBeside }),
    // Only the Academic page shows the subjects.
    category === 'academic' ? reads.subjects(ctx) : null,
  ])
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
    main: listing(
      page.title,
      description,
      html`${subjects ? section('Subjects', subjectLinks(subjects.data.filter((s) => s.kind === 'academic'))) : ''}${section('Latest', postList(latest.data.items, 'Nothing is published here yet.', 3))}`,
    ),
    queries: [latest, featured, popular, subjects].flatMap((r) => (r ? [r.query] : [])),
  }
}

export async function subjectPage(
  ctx: AppContext,
  slug: string,
  search: URLSearchParams,
): Promise<PageContent> {
  const subject = await orNotFound(reads.subject(ctx, slug))
  if (!subject) return notFound()
  // As the subject's screen reads its address: most popular first on ?sort=popular.
  const sort = search.get('sort') === 'popular' ? 'popular' : 'newest'
  const [posts, books, exams, threads] = await Promise.all([
    reads.feed(ctx, { subject: slug, sort }),
    reads.bookShelf(ctx, { category: 'academic', subject: slug, sort: 'bestselling' }, SHOWN.subjectBooks),
    reads.exams(ctx, slug),
    reads.recentThreads(ctx, slug, SHOWN.subjectThreads),
  ])
  const { name } = subject.data
  const path = subjectPath(slug)
  const description = summary(subject.data.description, `Posts about ${name} on Inkwell.`)
  return {
    status: 200,
    title: name,
    description,
    feed: { title: `${name} – Inkwell`, pagePath: path },
    jsonLd: [
      breadcrumbs(ctx.config.appUrl, [
        ['Inkwell', '/'],
        ['All posts', '/contents'],
        [name, path],
      ]),
    ],
    main: listing(
      name,
      description,
      html`${postList(posts.data.items, 'Nothing is published in this subject yet.')}${books.data.items.length ? section(`Books on ${name}`, bookList(books.data.items)) : ''}`,
    ),
    queries: [subject, posts, books, exams, threads].map((r) => r.query),
  }
}

export async function contentsPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const [subjects, posts] = await Promise.all([reads.subjects(ctx), reads.feed(ctx, { sort: 'newest' })])
  const plain = unfiltered(search, ['category', 'subject', 'tag', 'sort'])
  return {
    status: 200,
    title: 'All posts',
    description: 'Every subject on Inkwell, with its posts.',
    main: listing(
      'All posts',
      'Everything published on Inkwell, newest first.',
      html`${section('Subjects', subjectLinks(subjects.data))}${section('Newest', postList(posts.data.items, 'Nothing is published yet.', 3))}`,
    ),
    queries: plain ? [subjects.query, posts.query] : [subjects.query],
  }
}

export async function writersPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const writers = await reads.writers(ctx)
  return {
    status: 200,
    title: 'Writers',
    description: 'The writers of Inkwell.',
    main: listing(
      'Writers',
      'The writers of Inkwell, by name.',
      html`<ul class="mt-6 space-y-4">${writers.data.items.map(
        (w) =>
          html`<li><a class="font-semibold" href="${writerPath(w.id)}">${w.name}</a>${w.bio ? html`<p class="text-stone-600">${summary(w.bio, '')}</p>` : ''}</li>`,
      )}</ul>`,
    ),
    queries: unfiltered(search, ['q']) ? [writers.query] : [],
  }
}

export async function booksPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const [books, subjects] = await Promise.all([reads.catalogue(ctx, { sort: 'newest' }), reads.subjects(ctx)])
  const plain = unfiltered(search, ['q', 'category', 'subject', 'price', 'sort'])
  return {
    status: 200,
    title: 'Books Store',
    description: 'Books by Inkwell writers: read the free preview, then buy or add to your library.',
    main: listing('Books Store', 'Books by Inkwell writers.', bookList(books.data.items)),
    queries: plain ? [books.query, subjects.query] : [subjects.query],
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
