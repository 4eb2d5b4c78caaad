import { useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { pageOf } from '#common/schemas/fields.ts'
import { PostSummary } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './query-keys.ts'

const MyPostsPage = pageOf(PostSummary)

export type ModerationStatus = 'pending' | 'rejected'

export function fetchMyPostsByStatus({
  status,
  cursor,
  signal,
}: {
  status: ModerationStatus
  cursor?: string
  signal?: AbortSignal
}) {
  const params = new URLSearchParams({ status, limit: String(PAGE_SIZE_DEFAULT) })
  if (cursor) params.set('cursor', cursor)
  return api(`/api/me/posts?${params}`, MyPostsPage, { signal })
}

/** The signed-in writer's own posts waiting for review, or sent back with a reason. */
export function useMyPostsByStatus(status: ModerationStatus) {
  return useInfiniteQuery({
    queryKey: reviewKeys.mine(status),
    queryFn: ({ pageParam, signal }) => fetchMyPostsByStatus({ status, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
