import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { postKeys } from './posts.ts'
import { writerQueries } from './writers.ts'

// Schemas load beside the first request that needs them (decision 032): the Subscribe button is on
// server-drawn pages (a post, a book, a writer), whose first task then has no zod.
const subscriptions = schemasOf(() => import('#common/schemas/subscriptions.ts'))
const payments = schemasOf(() => import('#common/schemas/payments.ts'))
const fields = schemasOf(() => import('#common/schemas/fields.ts'))

// Following and subscribing to a writer: shared by the writer page, the post's author card and the
// locked notice. The writer's profile carries the price and the reader's live subscription.

/** The writer's profile, with the price (0: a free follow) and the reader's subscription. */
export const useWriterProfile = (writerId: string) => useQuery(writerQueries.profile(writerId))

const followPath = (writerId: string) => `/api/writers/${encodeURIComponent(writerId)}/follow`

/** Follow (true) or unfollow (false) a free writer; their locked posts open or close at once. */
export function useFollow(writerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api(
            followPath(writerId),
            subscriptions((m) => m.ViewerSubscription),
            { method: 'POST' },
          )
        : api(
            followPath(writerId),
            fields((m) => m.NoContent),
            { method: 'DELETE' },
          ),
    onSuccess: (subscription) => {
      const { queryKey } = writerQueries.profile(writerId)
      queryClient.setQueryData(queryKey, (writer) =>
        writer ? { ...writer, viewerSubscription: subscription } : writer,
      )
      void queryClient.invalidateQueries({ queryKey })
      // A subscribers-only post of theirs may open (or close) for this reader.
      void queryClient.invalidateQueries({ queryKey: postKeys.all })
    },
  })
}

/** A paid subscription starts as an order the server prices; the buyer then reviews and pays it. */
export function useCreateSubscriptionOrder(writerId: string) {
  return useMutation({
    mutationFn: () =>
      api(
        '/api/orders',
        payments((m) => m.Order),
        { body: { kind: 'subscription', writerId } },
      ),
  })
}
