import { queryOptions, useQueries } from '@tanstack/react-query'
import { z } from 'zod'
import { NewsletterStats } from '#common/schemas/newsletters.ts'
import type { PostSummary } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { MY_POSTS_QUERY_KEY } from './get-my-posts.ts'

const StatsList = z.array(NewsletterStats)

export const newsletterStatsQueries = {
  /**
   * GET /api/me/newsletters/stats?postIds=: how each of my posts' newsletter went. Under my posts'
   * key, so whatever refreshes the lists refreshes the figures.
   */
  forPosts: (postIds: string[]) =>
    queryOptions({
      queryKey: [...MY_POSTS_QUERY_KEY, 'newsletter-stats', postIds] as const,
      queryFn: ({ signal }) =>
        api(`/api/me/newsletters/stats?postIds=${postIds.map(encodeURIComponent).join(',')}`, StatsList, {
          signal,
        }),
    }),
}

export interface NewsletterFigures {
  byPost: Map<string, NewsletterStats>
  /** The first failure, if a page's figures could not be read. */
  error: Error | null
  retry: () => void
}

/** The newsletter figures of the posts ever published on each loaded page (one request a page). */
export function useNewsletterStats(pages: PostSummary[][]): NewsletterFigures {
  const ids = pages.map((items) => items.filter((p) => p.publishedAt !== null).map((p) => p.id))
  return useQueries({
    queries: ids.map((postIds) => ({
      ...newsletterStatsQueries.forPosts(postIds),
      enabled: postIds.length > 0,
    })),
    combine: (results) => ({
      byPost: new Map(results.flatMap((r) => r.data ?? []).map((s) => [s.postId, s])),
      error: results.find((r) => r.error)?.error ?? null,
      retry: () => {
        for (const r of results) if (r.error) void r.refetch()
      },
    }),
  })
}
