import { absoluteUrl, feedPath } from '#server/modules/feeds/public-paths.ts'
import { escapeHtml, type Html, scriptJson } from './html.ts'

// A server-rendered page is the built index.html with its head filled in (title, description,
// canonical URL, Open Graph, Twitter card, JSON-LD, feed autodiscovery), the page's content as
// plain HTML inside #root, and the data the app's queries need beside it (decision 026). The app
// renders the same page over it once its route is ready, without fetching that data again.

/** Where the default link-preview image is (web/public/og-default.png, 1200×630). */
export const DEFAULT_IMAGE = '/og-default.png'
const SITE_NAME = 'Inkwell'
export const SITE_DESCRIPTION =
  'Inkwell: read, learn and write. Academic lessons, fiction, true stories, books, exams and forums.'

/** One query's data for the app's cache, under the key the web's hook uses. */
export interface SeededQuery {
  key: readonly unknown[]
  data: unknown
  /** An infinite query's first page (the app wraps it as `{ pages, pageParams }`). */
  infinite?: boolean
}

export interface Page {
  status: 200 | 404 | 410
  /** The page's own title; the document's is "<title> · Inkwell", as the app sets it. */
  title: string
  description: string
  /** The canonical path on APP_URL. */
  path: string
  /** Cover or avatar (a path or an absolute URL); the default image when there is none. */
  image?: string | null
  type?: 'website' | 'article' | 'profile' | 'book'
  jsonLd?: object[]
  /** A listing page's own feed (RSS and Atom at its address + /rss, /atom: decision 021). */
  feed?: { title: string; pagePath: string }
  main?: Html
  queries?: SeededQuery[]
  /** Published times for an article's Open Graph tags. */
  published?: { at: string | null; modified: string; author: string }
}

/** The shell of a screen that has nothing public to show (signed-in screens, unknown paths). */
export const shellPage = (status: 200 | 404, title = ''): Omit<Page, 'path'> => ({
  status,
  title,
  description: SITE_DESCRIPTION,
})

export interface Template {
  head: string
  /** From </head> to the root element's opening tag. */
  beforeRoot: string
  /** After the root element. */
  afterRoot: string
}

const ROOT = '<div id="root"></div>'

/**
 * Splits the built index.html once: its own title, description and feed link are dropped (each
 * page writes its own), and the rest is kept around the two places a page fills in.
 */
export function parseTemplate(indexHtml: string): Template {
  const root = indexHtml.indexOf(ROOT)
  if (root < 0) throw new Error('index.html has no <div id="root"></div>')
  // Without a </head>, the tags go just before the root: the parser puts them in the head.
  const closing = indexHtml.lastIndexOf('</head>', root)
  const headEnd = closing < 0 ? root : closing
  const head = indexHtml
    .slice(0, headEnd)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<link rel="alternate"[^>]*>\s*/g, '')
  return {
    head,
    beforeRoot: `${indexHtml.slice(headEnd, root)}<div id="root">`,
    afterRoot: indexHtml.slice(root + ROOT.length),
  }
}

/**
 * The content in the app's own frame (web/app/layout/root-layout.tsx and header.tsx: the 4rem bar,
 * the row of sections on wide screens, the same main column), so the page stays where it is when
 * the app paints over it.
 */
const SECTIONS: Array<[label: string, path: string]> = [
  ['Home', '/'],
  ['Academic', '/academic'],
  ['Fictions', '/fiction'],
  ['True Stories', '/truestories'],
  ['Books Store', '/books'],
  ["Writer's Profile", '/profile'],
]
const HEADER = `<header class="border-b border-stone-200 bg-white"><div class="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6"><a href="/" class="font-serif text-2xl font-semibold text-stone-900">Inkwell</a></div><nav aria-label="Main" class="hidden border-t border-stone-100 md:block"><ul class="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1.5 sm:px-6">${SECTIONS.map(
  ([label, path]) =>
    `<li><a href="${path}" class="whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-stone-600">${escapeHtml(label)}</a></li>`,
).join('')}</ul></nav></header>`

const frame = (main: Html) =>
  `<div class="flex min-h-screen flex-col" data-server-rendered>${HEADER}<main id="main" class="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:py-12">${main.value}</main></div>`

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`

/** A path on APP_URL made absolute; an absolute URL (an external image) as it is. */
export const absolute = (appUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : absoluteUrl(appUrl, pathOrUrl)

/**
 * The whole document. `indexable: false` (signed-in screens, errors) adds noindex; `fresh`
 * tells the app its seeded data is what this visitor would fetch (false when the request carries
 * a session: the data is the signed-out view, which the app shows and then refetches).
 */
export function renderDocument(
  template: Template,
  appUrl: string,
  page: Page,
  { indexable, fresh }: { indexable: boolean; fresh: boolean },
): string {
  const title = page.title ? `${page.title} · ${SITE_NAME}` : SITE_NAME
  const url = absoluteUrl(appUrl, page.path)
  const head: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
  ]
  if (!indexable) head.push(meta('name', 'robots', 'noindex'))
  else {
    const image = absolute(appUrl, page.image || DEFAULT_IMAGE)
    head.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:type', page.type === 'book' ? 'book' : (page.type ?? 'website')),
      meta('property', 'og:title', page.title || SITE_NAME),
      meta('property', 'og:description', page.description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', image),
      meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', page.title || SITE_NAME),
      meta('name', 'twitter:description', page.description),
      meta('name', 'twitter:image', image),
    )
    if (page.published) {
      if (page.published.at) head.push(meta('property', 'article:published_time', page.published.at))
      head.push(
        meta('property', 'article:modified_time', page.published.modified),
        meta('property', 'article:author', page.published.author),
      )
    }
  }
  // The site's feed on every page (as index.html had it), the page's own beside it.
  const feeds = [{ title: SITE_NAME, pagePath: '/' }]
  if (page.feed && page.feed.pagePath !== '/') feeds.push(page.feed)
  for (const feed of feeds)
    head.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feedPath(feed.pagePath, 'rss'))}" />`,
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feedPath(feed.pagePath, 'atom'))}" />`,
    )
  for (const item of page.jsonLd ?? [])
    head.push(`<script type="application/ld+json">${scriptJson(item)}</script>`)

  const data = page.queries?.length
    ? `<script type="application/json" id="inkwell-data">${scriptJson({ fresh, queries: page.queries })}</script>`
    : ''
  return `${template.head}${head.join('\n    ')}\n  ${template.beforeRoot}${page.main ? frame(page.main) : ''}</div>${data}${template.afterRoot}`
}
