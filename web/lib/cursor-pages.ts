/**
 * How an infinite query reads a keyset-paged list (`{ items, nextCursor }`): the first page has no
 * cursor, each next page the cursor the last one answered, until it answers none. Spread into
 * `infiniteQueryOptions`.
 */
export const cursorPages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? undefined,
}
