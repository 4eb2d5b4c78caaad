// Anchoring a highlight in a text that may have changed since (decision 055). A highlight keeps the
// W3C Web Annotation selectors of its passage: a TextQuoteSelector (the exact words and a little of
// what comes before and after) and a TextPositionSelector (where it was, in UTF-16 units of the
// body's text). Both sides read "the body's text" the same way: every text node of the stored HTML,
// in order, nothing added between blocks (what the browser's textContent gives), `textOfHtml` here.

/** How much context a quote keeps on each side. */
export const QUOTE_CONTEXT = 32

export interface TextQuote {
  exact: string
  prefix: string
  suffix: string
}

export interface TextPosition {
  start: number
  end: number
}

export type Selectors = TextQuote & TextPosition

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** The text of stored (sanitized, well-formed) HTML as the browser's textContent reads it. */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}

/** The selectors of text[start, end): the words, their context, their place. */
export function describePassage(text: string, start: number, end: number): Selectors {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT), start),
    suffix: text.slice(end, end + QUOTE_CONTEXT),
    start,
    end,
  }
}

/** How many characters `a` and `b` share at their ends (`fromEnd`) or starts. */
function shared(a: string, b: string, fromEnd: boolean): number {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && (fromEnd ? a[a.length - 1 - i] === b[b.length - 1 - i] : a[i] === b[i])) i++
  return i
}

// Past this many occurrences of a quote (a single letter in a long chapter), the rest are not scored.
const MAX_CANDIDATES = 1000

/**
 * Where the passage is now, or null when it is gone (the highlight is orphaned). First its old
 * place, if the same words are still there; else every place the exact words occur, scored by how
 * much of the old context surrounds them (prefix and suffix), the nearest to the old place on a tie.
 */
export function anchorPassage(text: string, selectors: Selectors): TextPosition | null {
  const { exact, prefix, suffix, start } = selectors
  if (!exact) return null
  if (text.slice(start, selectors.end) === exact) return { start, end: selectors.end }
  let best: { start: number; score: number; distance: number } | null = null
  for (let at = text.indexOf(exact), seen = 0; at !== -1 && seen < MAX_CANDIDATES; seen++) {
    const score =
      shared(text.slice(Math.max(0, at - prefix.length), at), prefix, true) +
      shared(text.slice(at + exact.length, at + exact.length + suffix.length), suffix, false)
    const distance = Math.abs(at - start)
    if (!best || score > best.score || (score === best.score && distance < best.distance))
      best = { start: at, score, distance }
    at = text.indexOf(exact, at + 1)
  }
  return best ? { start: best.start, end: best.start + exact.length } : null
}
