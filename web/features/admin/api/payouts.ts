import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { formatMoney } from '#common/money.ts'
import { AdminPayoutPage, Payout, type PayoutStatus } from '#common/schemas/earnings.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

export type PayoutFilter = PayoutStatus | 'all'

/** Under ['admin', 'payouts', ...], beside the other admin queries. */
export const payoutKeys = {
  all: () => ['admin', 'payouts'] as const,
  list: (status: PayoutFilter) => ['admin', 'payouts', { status }] as const,
}

/** Every payout request, newest first, by status; more pages on demand (keyset). */
export function useAdminPayouts(status: PayoutFilter) {
  return useInfiniteQuery({
    queryKey: payoutKeys.list(status),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
      if (status !== 'all') params.set('status', status)
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/admin/payouts?${params}`, AdminPayoutPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}

export type PayoutDecision = { id: string } & (
  | { action: 'paid'; reference: string }
  | { action: 'reject'; reason: string }
)

/** Marks an open request paid (with the transfer's reference) or rejects it (with a reason). */
export function useDecidePayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: PayoutDecision) =>
      api(`/api/admin/payouts/${encodeURIComponent(decision.id)}/${decision.action}`, Payout, {
        body: decision.action === 'paid' ? { reference: decision.reference } : { reason: decision.reason },
      }),
    // The dialog shows the server's field message under its field; anything else is toasted.
    meta: { inlineErrors: true },
    onSuccess: (payout) => {
      const amount = formatMoney(payout.amount, payout.currency)
      toast.success(
        payout.status === 'paid'
          ? `${amount} marked paid. The writer is notified.`
          : `Rejected. ${amount} is back in the writer’s available balance.`,
      )
      // The list, and the counts of open requests (the totals tab and the admin's waiting badge).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.totals() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.waiting() }),
      ])
    },
    // A 409: another admin decided it first; the list shows what became of it.
    onError: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all() }),
  })
}
