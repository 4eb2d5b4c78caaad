// Slugs for addresses: a post's (unique per author) and a subject's.

export const SLUG_MAX_LENGTH = 80

/**
 * "Ünïcode & Waves!" → "unicode-waves": ASCII kebab-case, at most 80 characters, never empty
 * (`fallback` when nothing is left).
 */
export function slugify(title: string, fallback = 'post'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '')
  return slug || fallback
}
