import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { type FeedFilters, queryKeys } from '#common/query-keys.ts'
import type { PopularQuery } from '#common/schemas/posts.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'

const cards = schemasOf(() => import('#common/schemas/posts.ts'))

/** The query string of a request: only the parameters that are set. */
function searchOf(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return params.toString()
}

export function fetchFeed(query: FeedFilters, cursor?: string, signal?: AbortSignal) {
  return api(
    `/api/posts?${searchOf({ ...query, cursor })}`,
    cards((m) => m.PostCardPage),
    { signal },
  )
}

/** Published posts matching `query`, one keyset page at a time. */
export function useFeed(query: FeedFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.feed(query),
    queryFn: ({ pageParam, signal }) => fetchFeed(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The most liked and read posts of the last week. */
export function usePopular(query: Partial<PopularQuery> = {}) {
  return useQuery({
    queryKey: queryKeys.popular(query),
    queryFn: ({ signal }) =>
      api(
        `/api/posts/popular?${searchOf(query)}`,
        cards((m) => m.PostCardList),
        { signal },
      ),
  })
}
