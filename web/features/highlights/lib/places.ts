import type { Highlight } from '#common/schemas/highlights.ts'

/** A book or a post, and my highlights in it (in the order the list gave them). */
export interface Place {
  key: string
  kind: 'book' | 'post'
  id: string
  title: string
  /** The post's address; a book's highlights each link to their chapter. */
  link: string | null
  items: Highlight[]
}

/** My highlights by book and by post, each place where its newest highlight first came. */
export function placesOf(items: Highlight[]): Place[] {
  const places = new Map<string, Place>()
  for (const h of items) {
    const t = h.target
    const key = t.kind === 'chapter' ? `book:${t.bookId}` : `post:${t.postId}`
    const place =
      places.get(key) ??
      (t.kind === 'chapter'
        ? { key, kind: 'book' as const, id: t.bookId, title: t.bookTitle, link: null, items: [] }
        : { key, kind: 'post' as const, id: t.postId, title: t.postTitle, link: t.link, items: [] })
    place.items.push(h)
    places.set(key, place)
  }
  return [...places.values()]
}
