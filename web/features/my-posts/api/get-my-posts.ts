import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { pageOf } from '#common/schemas/fields.ts'
import { type PostStatus, PostSummary } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'

/** Every list of the author's posts; a change to any post refreshes them all. */
export const MY_POSTS_QUERY_KEY = ['me', 'posts'] as const

const MyPostsPage = pageOf(PostSummary)

/** GET /api/me/posts: newest change first, one status or all, a page at a time (keyset cursor). */
export function getMyPosts(status: PostStatus | undefined, cursor: string | undefined) {
  const query = new URLSearchParams()
  if (status) query.set('status', status)
  if (cursor) query.set('cursor', cursor)
  const qs = query.toString()
  return api(`/api/me/posts${qs ? `?${qs}` : ''}`, MyPostsPage)
}

export function useMyPosts(status: PostStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...MY_POSTS_QUERY_KEY, status ?? 'all'],
    queryFn: ({ pageParam }) => getMyPosts(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The few posts I changed last (the dashboard's shelf): one short page, refreshed with the rest. */
export function useRecentPosts(limit: number) {
  return useQuery({
    queryKey: [...MY_POSTS_QUERY_KEY, 'recent', limit],
    queryFn: ({ signal }) => api(`/api/me/posts?limit=${limit}`, MyPostsPage, { signal }),
  })
}
