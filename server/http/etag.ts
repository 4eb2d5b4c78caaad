import { createHash } from 'node:crypto'

// Entity tags for answers we build ourselves (generated documents, the shared cache of public
// reads): a strong tag from the bytes, and If-None-Match read as RFC 9110 has it.

/** A strong ETag from `body`: the same bytes always give the same tag. */
export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

/** If-None-Match: any of the listed tags (weak or not) or `*`. */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}
