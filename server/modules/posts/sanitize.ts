import { Parser } from 'htmlparser2'
import sanitizeHtml from 'sanitize-html'
import { RICH_TEXT_NESTING_MAX } from '#common/constants.ts'
import { IN_APP_FILE_URL } from '#common/schemas/posts.ts'

// What the rich-text editor can produce, and nothing more. Everything else is dropped: styles,
// classes, event handlers, and every tag that can run script, load content or submit data.
// The server runs this on every write, so a post body in the database is always safe to render.

const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
  'img',
  'hr',
  'br',
]

/** Tags dropped together with their content (a script's text is not prose). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'title',
  'xmp',
  'plaintext',
  'head',
]

const LINK_SCHEMES = ['http', 'https', 'mailto']

/** Generated bodies settle in at most three passes (sanitize.test.ts); this leaves room. */
const SANITIZE_PASSES_MAX = 4

/** http(s), mailto or a relative link; the attribute value arrives with its entities decoded. */
function isSafeHref(href: string | undefined): href is string {
  if (!href) return false
  // Browsers ignore control characters and whitespace inside a scheme ("jav\tascript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this removes
  const compact = href.replace(/<!--.*?-->/g, '').replace(/[\x00-\x20]+/g, '')
  // "//host", "/\host" and "\\host" all leave the site: browsers read \ as / in web URLs.
  if (/^[\\/][\\/]/.test(compact)) return false
  const scheme = compact.match(/^([a-zA-Z][a-zA-Z0-9.+-]*):/)
  return !scheme || LINK_SCHEMES.includes(scheme[1].toLowerCase())
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  // Relative links have no scheme and stay; protocol-relative ones (//host) would leave the site.
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // sanitize-html checks the scheme again afterwards; this decides whether a link remains at all,
    // so a dropped href does not leave a bare rel behind.
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = isSafeHref(attribs.href)
        ? { href: attribs.href, rel: 'noopener noreferrer nofollow' }
        : {}
      return { tagName, attribs: kept }
    },
  },
  // Images only from Inkwell's own file store.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IN_APP_FILE_URL.test(frame.attribs.src ?? ''),
}

/**
 * Sanitizing until nothing changes, or until the text is longer than `maxLength`. Stored text must
 * be a fixed point (saving it again changes nothing, so it stays within the limits), and one pass
 * is not always one: once a dropped tag is gone, a <p> it kept open before a <pre> or a list is
 * closed by it when parsed again.
 */
function settle(html: string, maxLength: number): string {
  let clean = sanitizeOnePass(html)
  for (let pass = 1; pass < SANITIZE_PASSES_MAX && clean !== html && clean.length <= maxLength; pass++) {
    html = clean
    clean = sanitizeOnePass(html)
  }
  return clean
}

/** One pass of the allowlist and nothing else: all a write did before decision 011 (the benchmark's baseline). */
export function sanitizeOnePass(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/**
 * The allowlist applied, synchronously, with no limits: for content Inkwell writes itself (the demo
 * seed). What people send goes through `storedRichText()` (rich-text.ts), which checks the nesting
 * first, refuses what is too long once sanitized, and runs off the event loop.
 */
export function sanitizePostHtml(html: string): string {
  return settle(html, Number.POSITIVE_INFINITY)
}

/**
 * Whether tags nest deeper than `max` anywhere, measured with the parser sanitize-html uses and its
 * rules (implied ends, void elements, stray end tags), so the depth is the one sanitizing would
 * meet. The parser's work per tag grows with the depth (its stack is an array it unshifts), so
 * `'<ol><li><p>'.repeat(18000)` costs the sanitizer over half a second; this stops at the first tag
 * past `max`, and otherwise costs one tokenizing pass (2–11 ms for 200,000 characters).
 */
export function nestsDeeperThan(html: string, max: number): boolean {
  let depth = 0
  let deeper = false
  const parser: Parser = new Parser(
    {
      onopentagname() {
        depth++
        if (depth > max && !deeper) {
          deeper = true
          parser.pause()
        }
      },
      // Called for every element the parser closes: explicitly, implied, void, or at the end.
      onclosetag() {
        depth--
      },
    },
    // sanitize-html's parser options (its default, which sanitize.ts keeps).
    { decodeEntities: true },
  )
  parser.end(html)
  return deeper
}

export type RichTextOutcome = { html: string } | { tooDeep: true } | { tooLong: number }

/**
 * What the sanitizer's worker threads run: the nesting check, then the allowlist, stopping as soon
 * as the text is longer than `maxLength` (its length is then reported, not the text).
 */
export function sanitizeRichText(
  html: string,
  { maxLength, maxNesting = RICH_TEXT_NESTING_MAX }: { maxLength: number; maxNesting?: number },
): RichTextOutcome {
  if (nestsDeeperThan(html, maxNesting)) return { tooDeep: true }
  const clean = settle(html, maxLength)
  return clean.length > maxLength ? { tooLong: clean.length } : { html: clean }
}
