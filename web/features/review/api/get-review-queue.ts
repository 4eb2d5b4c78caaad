import { useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { pageOf } from '#common/schemas/fields.ts'
import { ReviewItem } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './query-keys.ts'

const ReviewPage = pageOf(ReviewItem)

export function fetchReviewQueue({ cursor, signal }: { cursor?: string; signal?: AbortSignal }) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
  if (cursor) params.set('cursor', cursor)
  return api(`/api/admin/review?${params}`, ReviewPage, { signal })
}

/** Posts waiting for an editor, the longest-waiting first (admins only). */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: reviewKeys.queue(),
    queryFn: ({ pageParam, signal }) => fetchReviewQueue({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
