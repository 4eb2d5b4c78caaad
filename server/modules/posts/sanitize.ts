import sanitizeHtml from 'sanitize-html'
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

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
