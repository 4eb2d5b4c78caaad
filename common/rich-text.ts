import { hasVisibleText } from './schemas/fields.ts'

// What rich text says, read from its HTML: its text, its words, its opening, and whether it says
// anything at all. For HTML as the server stores it (server/core/rich-text/sanitize.ts writes it, so
// its tags are well-formed); the editor's own HTML reads the same way.

/**
 * The text: block tags become spaces, inline ones vanish, the entities the sanitizer writes are
 * decoded (`&amp;` last, so `&amp;lt;` stays the text "&lt;").
 */
export function plainText(html: string): string {
  return html
    .replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|pre|br|hr|img)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Whether it says anything: text that shows, or an image. `<p></p>`, white space and invisible
 * characters say nothing, so a post or a chapter made of them is empty.
 */
export const hasContent = (html: string) => /<img\b/i.test(html) || hasVisibleText(plainText(html))

/** The start of its text, cut at a word where it can be. */
export function excerptOf(html: string, length: number): string {
  const text = plainText(html)
  if (text.length <= length) return text
  const cut = text.slice(0, length)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Words: runs of letters or digits, apostrophes and hyphens inside them. */
export function wordCountOf(html: string): number {
  const textOnly = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (_entity, name: string) =>
      // A numeric entity is most often an apostrophe inside a word ("don&#39;t").
      name.startsWith('#') ? "'" : (ENTITIES[name.toLowerCase()] ?? ' '),
    )
  return textOnly.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}
