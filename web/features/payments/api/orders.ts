import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Order, type SandboxOutcome, SandboxPayResult } from '#common/schemas/payments.ts'
import { ApiError, api } from '#web/lib/api-client.ts'
import { useSession } from '#web/lib/session.ts'

export const orderKey = (orderId: string) => ['orders', orderId] as const

/** GET /api/orders/:id: the buyer's own order; anyone else's, or an unknown id, is a 404. */
export function useOrder(orderId: string) {
  const { loggedIn } = useSession()
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => api(`/api/orders/${encodeURIComponent(orderId)}`, Order, { signal }),
    // An id that is not even a uuid is answered 400: for the buyer, the same "no such order".
    enabled: loggedIn && orderId !== '',
  })
}

/** The order is not there for this person (unknown, malformed, or someone else's). */
export const isMissingOrder = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** The sandbox's TEST checkout: what the buyer chose happens, and the answer says where to go. */
export function useSandboxPay(orderId: string) {
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) =>
      api(`/api/payments/sandbox/${encodeURIComponent(orderId)}/pay`, SandboxPayResult, {
        body: { outcome },
      }),
  })
}

/**
 * POST /api/orders/:id/checkout (Try again): a checkout that can still be paid for this unpaid
 * order. Stripe's last one may have expired; the answer carries the one to go to.
 */
export function useRetryCheckout(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/api/orders/${encodeURIComponent(orderId)}/checkout`, Order, { method: 'POST' }),
    onSuccess: (order) => queryClient.setQueryData(orderKey(order.id), order),
  })
}
