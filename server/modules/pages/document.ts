import type { SeededQuery } from '#common/query-keys.ts'
import { absoluteUrl, feedPath } from '#server/modules/feeds/index.ts'
import { EARLY_TAPS_SCRIPT } from './early-taps.ts'
import { escapeHtml, scriptJson } from './html.ts'

// A server-rendered page is the built index.html with its head filled in (title, description,
// canonical URL, Open Graph, Twitter card, JSON-LD, feed autodiscovery), the app itself rendered
// into #root over the page's data, and that data beside it (decisions 026 and 030). The browser
// seeds its cache with the data and hydrates the markup, without fetching that data again.

/** Where the default link-preview image is (web/public/og-default.png, 1200×630). */
export const DEFAULT_IMAGE = '/og-default.png'
const SITE_NAME = 'Inkwell'
export const SITE_DESCRIPTION =
  'Inkwell: read, learn and write. Academic lessons, fiction, true stories, books, exams and forums.'

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
  /** From </head> to the root element. */
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
    beforeRoot: indexHtml.slice(headEnd, root),
    afterRoot: indexHtml.slice(root + ROOT.length),
  }
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`

/** A path on APP_URL made absolute; an absolute URL (an external image) as it is. */
export const absolute = (appUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : absoluteUrl(appUrl, pathOrUrl)

/**
 * The whole document. `app` is the app's own markup for the page (web/server-render.tsx), which
 * the browser hydrates; without it the root is empty and the app renders into it. `indexable:
 * false` (signed-in screens, errors) adds noindex; `now` is the moment the app was drawn at, which
 * the browser's relative times count from while it hydrates. The page's queries are this
 * visitor's own data, which the app takes as fresh.
 */
export function renderDocument(
  template: Template,
  appUrl: string,
  page: Page,
  { indexable, now, app = '' }: { indexable: boolean; now: number; app?: string },
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
    ? `<script type="application/json" id="inkwell-data">${scriptJson({ now, queries: page.queries })}</script>`
    : ''
  // data-server-rendered: the markup is the server's until the app has hydrated it (web/app/app.tsx);
  // taps on its buttons meanwhile are held and made again then.
  if (app) head.push(`<script>${EARLY_TAPS_SCRIPT}</script>`)
  const root = app ? `<div id="root" data-server-rendered>${app}</div>` : ROOT
  return `${template.head}${head.join('\n    ')}\n  ${template.beforeRoot}${root}${data}${template.afterRoot}`
}
