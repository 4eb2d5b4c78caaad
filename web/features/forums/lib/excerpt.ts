const EXCERPT_LENGTH = 140

/** A reply's HTML as a short plain-text line (the quote chip shows it before the server has made one). */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  // DOMParser builds an inert document: nothing in it runs or loads.
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text
}
