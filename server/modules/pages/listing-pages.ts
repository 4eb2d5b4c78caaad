import { POST_CATEGORIES } from '#common/constants.ts'
import { subjectPath } from '#common/paths.ts'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { absoluteUrl, CATEGORY_PAGES } from '#server/modules/feeds/index.ts'
import { SITE_DESCRIPTION } from './document.ts'
import { breadcrumbs, notFound, orNotFound, type PageContent, summary } from './page-parts.ts'
import { reads } from './public-reads.ts'

// The listing and fixed pages (decisions 026 and 030): each one's head (title, description, feeds,
// JSON-LD), and the data its screen shows first, read through the same services as the JSON
// endpoints, under the web's query keys and sizes. The app renders over that data on the server
// and hydrates in the browser; a screen whose address holds filters (?sort=, ?q=, …) fetches its
// own list.

/** Whether the address holds none of the filters a screen reads from it. */
const unfiltered = (search: URLSearchParams, names: string[]) => !names.some((name) => search.has(name))

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
    queries: [latest, featured, popular, subjects].flatMap((r) => (r ? [r.query] : [])),
  }
}

export async function subjectPage(
  ctx: AppContext,
  viewer: SessionUser | null,
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
    reads.recentThreads(ctx, viewer, slug, SHOWN.subjectThreads),
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
    queries: [subject, posts, books, exams, threads].map((r) => r.query),
  }
}

export async function contentsPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const plain = unfiltered(search, ['category', 'subject', 'tag', 'sort'])
  const [subjects, posts] = await Promise.all([
    reads.subjects(ctx),
    plain ? reads.feed(ctx, { sort: 'newest' }) : null,
  ])
  return {
    status: 200,
    title: 'All posts',
    description: 'Every subject on Inkwell, with its posts.',
    queries: [subjects, posts].flatMap((r) => (r ? [r.query] : [])),
  }
}

export async function writersPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const writers = unfiltered(search, ['q']) ? await reads.writers(ctx) : null
  return {
    status: 200,
    title: 'Writers',
    description: 'The writers of Inkwell.',
    queries: writers ? [writers.query] : [],
  }
}

export async function booksPage(ctx: AppContext, search: URLSearchParams): Promise<PageContent> {
  const plain = unfiltered(search, ['q', 'category', 'subject', 'price', 'sort'])
  const [books, subjects] = await Promise.all([
    plain ? reads.catalogue(ctx, { sort: 'newest' }) : null,
    reads.subjects(ctx),
  ])
  return {
    status: 200,
    title: 'Books Store',
    description: 'Books by Inkwell writers: read the free preview, then buy or add to your library.',
    queries: [books, subjects].flatMap((r) => (r ? [r.query] : [])),
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
  }
}
