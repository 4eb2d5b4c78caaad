import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { MySubscription } from '#common/schemas/subscriptions.ts'
import { writerQueries } from '#web/data/writers.ts'
import { api } from '#web/lib/api-client.ts'
import { subscriptionQueries } from './subscription-queries.ts'

/** Whom I follow or pay, a keyset page at a time. */
export const useMySubscriptions = () => useInfiniteQuery(subscriptionQueries.mine())

/** Who follows or pays me, with the paid and free counts and my price. */
export const useMySubscribers = () => useInfiniteQuery(subscriptionQueries.subscribers())

/** Replaces (or, with null, removes) one subscription in every loaded page of my list. */
function updateMine(queryClient: ReturnType<typeof useQueryClient>, id: string, next: MySubscription | null) {
  queryClient.setQueryData(subscriptionQueries.mine().queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: next
              ? page.items.map((item) => (item.id === id ? next : item))
              : page.items.filter((item) => item.id !== id),
          })),
        }
      : data,
  )
}

/** POST /api/subscriptions/:id/cancel or /resume: the row shows the answer at once. */
export function useChangeSubscription(action: 'cancel' | 'resume') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/subscriptions/${encodeURIComponent(id)}/${action}`, MySubscription, { method: 'POST' }),
    onSuccess: (subscription) => {
      updateMine(queryClient, subscription.id, subscription)
      // The writer's page and author cards show "Subscribed until …" from their profile.
      void queryClient.invalidateQueries({ queryKey: writerQueries.profile(subscription.writer.id).queryKey })
    },
  })
}

/** After an unfollow (the shared follow mutation), the row leaves my list. */
export function useRemoveFromMine() {
  const queryClient = useQueryClient()
  return (id: string) => updateMine(queryClient, id, null)
}
