export const WORDS_PER_MINUTE = 230

/** Minutes to read an HTML body at 230 words a minute, never less than one. */
export function readingTimeMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ')
    .trim()
  const words = text ? text.split(/\s+/).length : 0
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}
