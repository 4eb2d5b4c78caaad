import { POST_CATEGORY_LABELS } from '#common/constants.ts'
import { postPath } from '#common/paths.ts'
import type { FeedItemRow, FeedScope } from './feeds.service.ts'
import { absoluteUrl, feedPath } from './public-paths.ts'
import { cdata, element, XML_DECLARATION, xmlText } from './xml.ts'

// RSS 2.0 in Ghost's shape: dc:creator for the author, content:encoded for the HTML, media:content
// for the cover, the post id as a guid that is not a link (a post's address changes with its
// slug; its id does not), and atom:link naming the feed itself.

const NAMESPACES = [
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  'xmlns:atom="http://www.w3.org/2005/Atom"',
  'xmlns:media="http://search.yahoo.com/mrss/"',
].join(' ')

/** The last time anything in the feed changed: its newest publication or edit. */
export function lastChange(items: FeedItemRow[]): Date | null {
  let latest: Date | null = null
  for (const item of items) {
    for (const at of [item.publishedAt, item.updatedAt]) if (at && (!latest || at > latest)) latest = at
  }
  return latest
}

/**
 * Makes a stored body's links and images absolute: a feed reader shows the HTML away from the
 * site. Stored bodies are sanitized, so every attribute is double-quoted, and src/href are the only
 * ones that hold addresses; a value with a scheme (https:, mailto:) or a fragment stays as it is.
 */
export function absoluteLinks(html: string, base: string): string {
  return html.replace(/\b(href|src)="([^"]*)"/g, (whole, name: string, value: string) => {
    if (value === '' || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return whole
    try {
      return `${name}="${new URL(value, base).href}"`
    } catch {
      return whole
    }
  })
}

function itemContent(item: FeedItemRow, link: string, cover: string | null): string {
  const image = cover ? `<img src="${xmlText(cover)}" alt="" />` : ''
  if (item.bodyHtml !== null) return image + absoluteLinks(item.bodyHtml, link)
  // Subscribers only: what anyone may read (the excerpt), and where to subscribe; never the body.
  const excerpt = item.excerpt ? `<p>${xmlText(item.excerpt)}</p>` : ''
  return `${image}${excerpt}<p>This post is for subscribers of ${xmlText(item.authorName)}. <a href="${xmlText(link)}">Subscribe to read</a> the whole post on Inkwell.</p>`
}

/** What RSS and Atom both say about a post: its address, cover, categories and HTML. */
export function describeItem(appUrl: string, item: FeedItemRow) {
  const link = absoluteUrl(appUrl, postPath(item.authorId, item.slug))
  const cover = item.coverImage ? new URL(item.coverImage, `${appUrl}/`).href : null
  const categories = [POST_CATEGORY_LABELS[item.category], item.subjectName, ...item.tags].filter(
    (name): name is string => !!name,
  )
  return { link, cover, categories, html: itemContent(item, link, cover) }
}

function renderItem(appUrl: string, item: FeedItemRow): string {
  const { link, cover, categories, html } = describeItem(appUrl, item)
  return [
    '<item>',
    element('title', item.title),
    element('description', item.excerpt),
    element('link', link),
    `<guid isPermaLink="false">${xmlText(item.id)}</guid>`,
    ...categories.map((name) => element('category', name)),
    `<dc:creator>${cdata(item.authorName)}</dc:creator>`,
    element('pubDate', item.publishedAt?.toUTCString()),
    cover ? `<media:content url="${xmlText(cover)}" medium="image"/>` : '',
    `<content:encoded>${cdata(html)}</content:encoded>`,
    '</item>',
  ].join('')
}

/**
 * The whole feed, `updated` being its last change. It depends only on the rows (no "now"), so the
 * same posts give the same bytes and the same ETag.
 */
export function renderRss(appUrl: string, scope: FeedScope, items: FeedItemRow[], updated: Date): string {
  return [
    XML_DECLARATION,
    `<rss version="2.0" ${NAMESPACES}>`,
    '<channel>',
    element('title', scope.title),
    element('link', absoluteUrl(appUrl, scope.pagePath)),
    element('description', scope.description),
    element('language', 'en'),
    element('generator', 'Inkwell'),
    element('lastBuildDate', updated.toUTCString()),
    `<atom:link href="${xmlText(absoluteUrl(appUrl, feedPath(scope.pagePath, 'rss')))}" rel="self" type="application/rss+xml"/>`,
    element('ttl', '60'),
    ...items.map((item) => renderItem(appUrl, item)),
    '</channel>',
    '</rss>',
  ].join('\n')
}
