// The one way text reaches a server-rendered page's head: every value from the database goes
// through escapeHtml (text and attribute values alike), every embedded object through scriptJson.
// The page's body is the app's own render (React escapes what it draws).

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
