import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { NoContent } from '#common/schemas/fields.ts'
import { Order } from '#common/schemas/payments.ts'
import { ViewerSubscription } from '#common/schemas/subscriptions.ts'
import { WriterProfile } from '#common/schemas/writers.ts'
import { api } from '#web/lib/api-client.ts'

// Following and subscribing to a writer: shared by the writer page, the post's author card and the
// locked notice. The writer's profile carries the price and the reader's live subscription.

/** GET /api/writers/:writerId (404: unknown, or not a writer), with the price (0: a free follow) and the reader's subscription. */
export function useWriterProfile(writerId: string) {
  return useQuery({
    queryKey: queryKeys.writer(writerId),
    queryFn: ({ signal }) => api(`/api/writers/${encodeURIComponent(writerId)}`, WriterProfile, { signal }),
  })
}

const followPath = (writerId: string) => `/api/writers/${encodeURIComponent(writerId)}/follow`

/** Follow (true) or unfollow (false) a free writer; their locked posts open or close at once. */
export function useFollow(writerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api(followPath(writerId), ViewerSubscription, { method: 'POST' })
        : api(followPath(writerId), NoContent, { method: 'DELETE' }),
    onSuccess: (subscription) => {
      queryClient.setQueryData<WriterProfile>(queryKeys.writer(writerId), (writer) =>
        writer ? { ...writer, viewerSubscription: subscription } : writer,
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.writer(writerId) })
      // A subscribers-only post of theirs may open (or close) for this reader.
      void queryClient.invalidateQueries({ queryKey: ['posts'] })
    },
  })
}

/** A paid subscription starts as an order the server prices; the buyer then reviews and pays it. */
export function useCreateSubscriptionOrder(writerId: string) {
  return useMutation({
    mutationFn: () => api('/api/orders', Order, { body: { kind: 'subscription', writerId } }),
  })
}
