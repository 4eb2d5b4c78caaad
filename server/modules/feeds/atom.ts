import { writerPath } from '#common/paths.ts'
import type { FeedItemRow, FeedScope } from './feeds.service.ts'
import { absoluteUrl, feedPath } from './public-paths.ts'
import { describeItem, lastChange } from './rss.ts'
import { element, XML_DECLARATION, xmlText } from './xml.ts'

// Atom 1.0 (RFC 4287) beside each RSS feed, with the same entries: ids are `urn:uuid:<post id>`
// (stable, like the RSS guid), HTML goes in escaped `type="html"` content, and the feed's
// `updated` is its newest change (emptyFeedUpdated's without posts), so the same rows give the same
// bytes.

const link = (rel: string, href: string, type?: string) =>
  `<link rel="${rel}" href="${xmlText(href)}"${type ? ` type="${type}"` : ''}/>`

function renderEntry(appUrl: string, item: FeedItemRow): string {
  const { link: href, categories, html } = describeItem(appUrl, item)
  const published = item.publishedAt ?? item.updatedAt
  const updated = lastChange([item]) ?? published
  return [
    '<entry>',
    `<id>urn:uuid:${xmlText(item.id)}</id>`,
    `<title type="text">${xmlText(item.title)}</title>`,
    link('alternate', href, 'text/html'),
    element('published', published.toISOString()),
    element('updated', updated.toISOString()),
    `<author>${element('name', item.authorName)}${element('uri', absoluteUrl(appUrl, writerPath(item.authorId)))}</author>`,
    ...categories.map((term) => `<category term="${xmlText(term)}"/>`),
    item.excerpt ? `<summary type="text">${xmlText(item.excerpt)}</summary>` : '',
    `<content type="html">${xmlText(html)}</content>`,
    '</entry>',
  ].join('')
}

export function renderAtom(appUrl: string, scope: FeedScope, items: FeedItemRow[], updated: Date): string {
  const self = absoluteUrl(appUrl, feedPath(scope.pagePath, 'atom'))
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    element('id', self),
    `<title type="text">${xmlText(scope.title)}</title>`,
    `<subtitle type="text">${xmlText(scope.description)}</subtitle>`,
    link('self', self, 'application/atom+xml'),
    link('alternate', absoluteUrl(appUrl, scope.pagePath), 'text/html'),
    element('updated', updated.toISOString()),
    element('generator', 'Inkwell'),
    ...items.map((item) => renderEntry(appUrl, item)),
    '</feed>',
  ].join('\n')
}
