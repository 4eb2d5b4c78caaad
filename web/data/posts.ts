import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { type FeedFilters, queryKeys } from '#common/query-keys.ts'
import type { PopularQuery } from '#common/schemas/posts.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// Every public read of posts as TanStack Query options: a post as a reader sees it, what is around
// it and its comments (the reader), the feeds and this week's most read (discovery). They live
// under ['posts', ...], the keys a server-rendered page seeds its data under (common/query-keys.ts),
// and load their schemas beside the request (decision 032): a page drawn by the server already has
// its data, so zod stays out of its first task.
const posts = schemasOf(() => import('#common/schemas/posts.ts'))
const comments = schemasOf(() => import('#common/schemas/comments.ts'))

export const postKeys = {
  /** Every post, list and comment a reader has read (what a follow or a featured pick makes stale). */
  all: ['posts'] as const,
}

/** The query string of a request: only the parameters that are set. */
function searchOf(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return params.toString()
}

/** Where a post's page reads it: what Save for later keeps on the device, to the letter. */
export const postApiPath = (writerId: string, slug: string) =>
  `/api/posts/by/${encodeURIComponent(writerId)}/${encodeURIComponent(slug)}`

export const postQueries = {
  /** GET /api/posts/by/:writerId/:slug: the body is null (and `locked` true) when the reader may not read it. */
  post: (writerId: string, slug: string) =>
    queryOptions({
      queryKey: queryKeys.post(writerId, slug),
      queryFn: ({ signal }) =>
        api(
          postApiPath(writerId, slug),
          posts((m) => m.PublicPost),
          { signal },
        ),
      // Asked even offline: a post saved for later is answered by the service worker.
      networkMode: 'offlineFirst',
    }),

  /** The writer's previous and next posts in the same category, and more of theirs (published posts only). */
  neighbours: (postId: string) =>
    queryOptions({
      queryKey: queryKeys.neighbours(postId),
      queryFn: ({ signal }) =>
        api(
          `/api/posts/${encodeURIComponent(postId)}/around`,
          posts((m) => m.PostNeighbours),
          { signal },
        ),
    }),

  /** A post's comments, oldest first, a page at a time. */
  comments: (postId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.comments(postId),
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/posts/${encodeURIComponent(postId)}/comments?${searchOf({ limit: PAGE_SIZE_DEFAULT, cursor: pageParam })}`,
          comments((m) => m.CommentPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/posts: published posts matching `filters`, one keyset page at a time. */
  feed: (filters: FeedFilters) =>
    infiniteQueryOptions({
      queryKey: queryKeys.feed(filters),
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/posts?${searchOf({ ...filters, cursor: pageParam })}`,
          posts((m) => m.PostCardPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/posts/popular: the most liked and read posts of the last week. */
  popular: (query: Partial<PopularQuery>) =>
    queryOptions({
      queryKey: queryKeys.popular(query),
      queryFn: ({ signal }) =>
        api(
          `/api/posts/popular?${searchOf(query)}`,
          posts((m) => m.PostCardList),
          { signal },
        ),
    }),
}
