import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { formatMoney } from '#common/money.ts'
import { Payout } from '#common/schemas/earnings.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { adminKeys, adminQueries, type PayoutFilter } from './admin-queries.ts'

/** Every payout request, newest first, by status; more pages on demand (keyset). */
export const useAdminPayouts = (status: PayoutFilter) => useInfiniteQuery(adminQueries.payouts(status))

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
        queryClient.invalidateQueries({ queryKey: adminKeys.payouts }),
        queryClient.invalidateQueries({ queryKey: adminKeys.totals }),
        queryClient.invalidateQueries({ queryKey: adminQueries.waiting().queryKey }),
      ])
    },
    // A 409: another admin decided it first; the list shows what became of it.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.payouts }),
  })
}
