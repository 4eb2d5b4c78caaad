import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { pageOf } from '#common/schemas/fields.ts'
import { PostSummary, PublicPost, ReviewItem } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

const ReviewPage = pageOf(ReviewItem)
const MyPostsPage = pageOf(PostSummary)

export type ModerationStatus = 'pending' | 'rejected'

/** Every moderation query lives under ['review', ...], so approving or rejecting refreshes them all. */
export const reviewKeys = {
  all: ['review'] as const,
}

/** A keyset page of a moderation list: `limit` and the cursor after the params of its own. */
function pagePath(path: string, params: Record<string, string>, cursor: string | undefined) {
  const search = new URLSearchParams({ ...params, limit: String(PAGE_SIZE_DEFAULT) })
  if (cursor) search.set('cursor', cursor)
  return `${path}?${search}`
}

export const reviewQueries = {
  /** GET /api/admin/review: posts waiting for an editor, the longest-waiting first (admins only). */
  queue: () =>
    infiniteQueryOptions({
      queryKey: [...reviewKeys.all, 'queue'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(pagePath('/api/admin/review', {}, pageParam), ReviewPage, { signal }),
      ...cursorPages,
    }),

  /** GET /api/me/posts?status=: the signed-in writer's own posts waiting for review, or sent back. */
  mine: (status: ModerationStatus) =>
    infiniteQueryOptions({
      queryKey: [...reviewKeys.all, 'mine', status] as const,
      queryFn: ({ pageParam, signal }) =>
        api(pagePath('/api/me/posts', { status }, pageParam), MyPostsPage, { signal }),
      ...cursorPages,
    }),

  /** A pending post as its reviewer reads it (admins may read unpublished posts). */
  preview: (writerId: string, slug: string) =>
    queryOptions({
      queryKey: [...reviewKeys.all, 'post', writerId, slug] as const,
      queryFn: ({ signal }) =>
        api(`/api/posts/by/${encodeURIComponent(writerId)}/${encodeURIComponent(slug)}`, PublicPost, {
          signal,
        }),
      staleTime: 60_000,
    }),
}
