import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { MySubscription, MySubscriptionPage, SubscriberPage } from '#common/schemas/subscriptions.ts'
import { api } from '#web/lib/api-client.ts'

/** Every query of the subscriptions screen lives under ['subscriptions', ...]. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => ['subscriptions', 'mine'] as const,
  subscribers: () => ['subscriptions', 'subscribers'] as const,
}

const pageQuery = (path: string, cursor: string | undefined) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path

/** GET /api/me/subscriptions: whom I follow or pay, a keyset page at a time. */
export function useMySubscriptions() {
  return useInfiniteQuery({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ pageParam, signal }) =>
      api(pageQuery('/api/me/subscriptions', pageParam), MySubscriptionPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** GET /api/me/subscribers: who follows or pays me, with the paid and free counts and my price. */
export function useMySubscribers() {
  return useInfiniteQuery({
    queryKey: subscriptionKeys.subscribers(),
    queryFn: ({ pageParam, signal }) =>
      api(pageQuery('/api/me/subscribers', pageParam), SubscriberPage, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

type MinePages = InfiniteData<MySubscriptionPage>

/** Replaces (or, with null, removes) one subscription in every loaded page of my list. */
function updateMine(queryClient: ReturnType<typeof useQueryClient>, id: string, next: MySubscription | null) {
  queryClient.setQueryData<MinePages>(subscriptionKeys.mine(), (data) =>
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.writer(subscription.writer.id) })
    },
  })
}

/** After an unfollow (the shared follow mutation), the row leaves my list. */
export function useRemoveFromMine() {
  const queryClient = useQueryClient()
  return (id: string) => updateMine(queryClient, id, null)
}
