import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pageOf } from '#common/schemas/fields.ts'
import { type FeedQuery, type PopularQuery, PostCard } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'

const PostCardPage = pageOf(PostCard)

/** The query string of a request: only the parameters that are set. */
function searchOf(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return params.toString()
}

export type FeedFilters = Omit<Partial<FeedQuery>, 'cursor'>

export const feedKey = (query: FeedFilters) => ['posts', 'feed', query] as const

export function fetchFeed(query: FeedFilters, cursor?: string, signal?: AbortSignal) {
  return api(`/api/posts?${searchOf({ ...query, cursor })}`, PostCardPage, { signal })
}

/** Published posts matching `query`, one keyset page at a time. */
export function useFeed(query: FeedFilters) {
  return useInfiniteQuery({
    queryKey: feedKey(query),
    queryFn: ({ pageParam, signal }) => fetchFeed(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export const popularKey = (query: Partial<PopularQuery>) => ['posts', 'popular', query] as const

/** The most liked and read posts of the last week. */
export function usePopular(query: Partial<PopularQuery> = {}) {
  return useQuery({
    queryKey: popularKey(query),
    queryFn: ({ signal }) => api(`/api/posts/popular?${searchOf(query)}`, z.array(PostCard), { signal }),
  })
}
