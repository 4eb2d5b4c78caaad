import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { FeedFilters } from '#common/query-keys.ts'
import type { PopularQuery } from '#common/schemas/posts.ts'
import { postQueries } from '#web/data/posts.ts'

/** Published posts matching `query`, one keyset page at a time. */
export const useFeed = (query: FeedFilters) => useInfiniteQuery(postQueries.feed(query))

/** The most liked and read posts of the last week. */
export const usePopular = (query: Partial<PopularQuery> = {}) => useQuery(postQueries.popular(query))
