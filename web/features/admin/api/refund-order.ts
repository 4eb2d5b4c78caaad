import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Order } from '#common/schemas/payments.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './admin-queries.ts'

export const refundOrder = (id: string) =>
  api(`/api/admin/orders/${encodeURIComponent(id)}/refund`, Order, { method: 'POST' })

/**
 * Refunds a paid order in full. The sandbox refunds at once; Stripe answers while its
 * `charge.refunded` event is still on the way, so the order may still read paid for a moment.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => {
      toast.success(
        order.status === 'refunded'
          ? 'Refunded. The access it bought has ended.'
          : 'Refund requested. The order changes once the payment provider confirms it.',
      )
      return queryClient.invalidateQueries({ queryKey: adminKeys.orders })
    },
  })
}
