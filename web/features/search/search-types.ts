import type { SEARCH_TYPES } from '#common/schemas/search.ts'

// The result types of /search/:query. Posts, writers, exams and forum threads are searchable now;
// books get their tab (disabled, saying when they arrive) so the page does not change shape when
// they land.

export type SearchType = (typeof SEARCH_TYPES)[number]
export type LiveSearchType = Extract<SearchType, 'posts' | 'writers' | 'exams' | 'threads'>

export const LIVE_SEARCH_TYPES: readonly LiveSearchType[] = ['posts', 'writers', 'exams', 'threads']

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  posts: 'Posts',
  writers: 'Writers',
  books: 'Books',
  exams: 'Exams',
  threads: 'Threads',
}

/** The types not searchable yet, and what brings each. */
export const UPCOMING_SEARCH_TYPES: { type: Exclude<SearchType, LiveSearchType>; arrivesWith: string }[] = [
  { type: 'books', arrivesWith: 'the Books Store' },
]

/** The tab in the address (`?type=writers`); posts when it is missing or not searchable yet. */
export function searchTypeOf(params: URLSearchParams): LiveSearchType {
  const type = params.get('type')
  return LIVE_SEARCH_TYPES.find((live) => live === type) ?? 'posts'
}

/** `/search/<q>`, with `?type=` unless it is the default tab. */
export function searchPath(q: string, type: LiveSearchType = 'posts'): string {
  const path = `/search/${encodeURIComponent(q)}`
  return type === 'posts' ? path : `${path}?type=${type}`
}
