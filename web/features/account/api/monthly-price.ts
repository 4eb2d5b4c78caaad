import { useQuery, useQueryClient } from '@tanstack/react-query'
import { SubscriberPage } from '#common/schemas/subscriptions.ts'
import { api } from '#web/lib/api-client.ts'
import { useUpdateProfile } from './update-profile.ts'

// GET /api/me leaves the price out: GET /api/me/subscribers says it, with one subscriber at most.
// Under ['subscriptions'], so a saved price refreshes the subscriptions screen's queries too.
const PRICE_KEY = ['subscriptions', 'my-price'] as const

/** My monthly price in cents (0: a free follow). */
export function useMonthlyPrice() {
  return useQuery({
    queryKey: PRICE_KEY,
    queryFn: ({ signal }) => api('/api/me/subscribers?limit=1', SubscriberPage, { signal }),
    select: (page) => page.monthlyPrice,
  })
}

/** PATCH /api/me with the price, the profile's own save; field errors stay on the form. */
export function useSaveMonthlyPrice() {
  const queryClient = useQueryClient()
  const update = useUpdateProfile()
  return {
    isPending: update.isPending,
    save: (monthlyPrice: number, handlers: { onSuccess: () => void; onError: (error: Error) => void }) =>
      update.mutate(
        { monthlyPrice },
        {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: ['subscriptions'] })
            handlers.onSuccess()
          },
          onError: handlers.onError,
        },
      ),
  }
}
