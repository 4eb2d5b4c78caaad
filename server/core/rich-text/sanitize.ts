import { Parser } from 'htmlparser2'
import sanitizeHtml from 'sanitize-html'
import { IMAGE_ALT_MAX_LENGTH, RICH_TEXT_NESTING_MAX } from '#common/constants.ts'
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
  'figure',
  'figcaption',
  'hr',
  'br',
]

/** What a caption may hold: the inline marks. */
const CAPTION_TAGS = ['strong', 'em', 'u', 's', 'code', 'a', 'br']

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

const isInAppImage = (attribs: sanitizeHtml.Attributes) => IN_APP_FILE_URL.test(attribs.src ?? '')

/** Trimmed and cut at the limit, in characters (never half of one); an image without any gets "". */
const altText = (alt = '') => Array.from(alt.trim()).slice(0, IMAGE_ALT_MAX_LENGTH).join('').trimEnd()

/** How an open tag's content is read: prose, a figure's own children, a caption's text, or dropped. */
type Context = 'flow' | 'figure' | 'caption' | 'dropped'

interface OpenTag {
  /** The tag itself: kept if the allowlist keeps it, dropped with its content, or unwrapped. */
  action: 'keep' | 'drop' | 'unwrap'
  /** How its children are read. */
  inside: Context
  /** A figure's image and caption so far: it keeps the first of each. */
  image?: boolean
  caption?: boolean
  /** In a caption: the figcaption, which is kept only if some text reaches it. */
  owner?: OpenTag
  hasText?: boolean
}

/** Where a tag opening inside `parent` stands: a figure holds one image and one caption, a caption holds inline marks. */
function placeOf(name: string, attribs: sanitizeHtml.Attributes, parent: OpenTag | undefined): OpenTag {
  switch (parent?.inside ?? 'flow') {
    case 'dropped':
      return { action: 'drop', inside: 'dropped' }
    case 'figure':
      if (name === 'img' && parent && !parent.image) {
        parent.image = isInAppImage(attribs)
        return { action: 'keep', inside: 'flow' }
      }
      if (name === 'figcaption' && parent && !parent.caption) {
        parent.caption = true
        const caption: OpenTag = { action: 'keep', inside: 'caption' }
        caption.owner = caption
        return caption
      }
      return { action: 'drop', inside: 'dropped' }
    case 'caption':
      return {
        action: CAPTION_TAGS.includes(name) ? 'keep' : 'unwrap',
        inside: 'caption',
        owner: parent?.owner,
      }
    default:
      if (name === 'figure') return { action: 'keep', inside: 'figure' }
      return { action: name === 'figcaption' ? 'unwrap' : 'keep', inside: 'flow' }
  }
}

/**
 * The allowlist for one pass. What a figure and a caption may hold depends on where a tag is, which
 * sanitize-html does not track: the open tags are followed here as the parser reports them (it
 * closes every tag it opens, implied or not), and `exclusiveFilter`, called as a tag closes, drops
 * or unwraps one out of place. (Renaming such a tag in `transformTags` instead would leave
 * sanitize-html closing a later tag under that name.)
 */
function optionsForOnePass(): sanitizeHtml.IOptions {
  const open: OpenTag[] = []
  let closing: OpenTag | undefined
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
    // Relative links have no scheme and stay; protocol-relative ones (//host) would leave the site.
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    onOpenTag: (name, attribs) => {
      open.push(placeOf(name, attribs, open.at(-1)))
    },
    onCloseTag: () => {
      closing = open.pop()
    },
    transformTags: {
      // sanitize-html checks the scheme again afterwards; this decides whether a link remains at all,
      // so a dropped href does not leave a bare rel behind.
      a: (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = isSafeHref(attribs.href)
          ? { href: attribs.href, rel: 'noopener noreferrer nofollow' }
          : {}
        return { tagName, attribs: kept }
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: altText(attribs.alt) } }),
    },
    // A figure holds its image and caption, not loose text (the spaces between them included).
    textFilter: (text) => {
      const at = open.at(-1)
      if (at?.inside === 'figure' || at?.inside === 'dropped') return ''
      if (at?.owner && text.trim() !== '') at.owner.hasText = true
      return text
    },
    // Images only from Inkwell's own file store; a figure only around one of them (its caption goes
    // with it); a caption only with some text.
    exclusiveFilter: (frame) => {
      if (closing?.action === 'drop') return true
      if (closing?.action === 'unwrap') return 'excludeTag'
      if (frame.tag === 'img') return !isInAppImage(frame.attribs)
      if (frame.tag === 'figure') return !frame.mediaChildren.includes('img')
      if (frame.tag === 'figcaption') return !closing?.hasText
      return false
    },
  }
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
  return sanitizeHtml(html, optionsForOnePass())
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
