import type { SEARCH_TYPES } from '#common/schemas/search.ts'

// The result types of /search/:query, each its own tab: posts, writers, books, exams and forum threads.

export type SearchType = (typeof SEARCH_TYPES)[number]
/** Every type is searchable now; the name stays for the tabs' code that reads it. */
export type LiveSearchType = SearchType

export const LIVE_SEARCH_TYPES: readonly LiveSearchType[] = ['posts', 'writers', 'books', 'exams', 'threads']

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  posts: 'Posts',
  writers: 'Writers',
  books: 'Books',
  exams: 'Exams',
  threads: 'Threads',
}

/** The tab in the address (`?type=writers`); posts when it is missing or unknown. */
export function searchTypeOf(params: URLSearchParams): LiveSearchType {
  const type = params.get('type')
  return LIVE_SEARCH_TYPES.find((live) => live === type) ?? 'posts'
}

/** `/search/<q>`, with `?type=` unless it is the default tab. */
export function searchPath(q: string, type: LiveSearchType = 'posts'): string {
  const path = `/search/${encodeURIComponent(q)}`
  return type === 'posts' ? path : `${path}?type=${type}`
}
