// The one way text reaches a server-rendered page: every value from the database goes through
// escapeHtml (text and attribute values alike), every embedded object through scriptJson.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c])

/**
 * JSON that is safe inside `<script>`: no `<` can close the element or open a comment, and the
 * two line separators JavaScript once refused are escaped too. JSON.parse reads it unchanged.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** A tagged template that escapes each value, unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

type Part = string | number | Html | null | undefined | false | Part[]

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return ''
  if (Array.isArray(part)) return part.map(render).join('')
  if (part instanceof Html) return part.value
  return escapeHtml(String(part))
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]
  })
  return new Html(out)
}

/** Markup that is already safe: a body the server sanitized on write. */
export const trusted = (markup: string) => new Html(markup)
