import { useEffect, useRef, useState } from 'react'
import type { Order } from '#common/schemas/payments.ts'

/** How long "Confirming…" waits before saying it is taking longer than usual. */
export const CONFIRMING_PATIENCE_MS = 30_000

/**
 * A pending order on the success page, until the provider's event marks it paid. No polling: the
 * order is read again when the buyer's 'order_paid' notification arrives (`paidNotified`, fed by the
 * realtime stream), and at most once when the tab gets focus back. After CONFIRMING_PATIENCE_MS it
 * reports `slow`.
 */
export function useConfirmation(order: Order | undefined, paidNotified: boolean, refetch: () => unknown) {
  const pending = order?.status === 'pending'
  const [slow, setSlow] = useState(false)
  const refetchRef = useRef(refetch)
  refetchRef.current = refetch

  useEffect(() => {
    if (pending && paidNotified) void refetchRef.current()
  }, [pending, paidNotified])

  useEffect(() => {
    if (!pending) return
    const onFocus = () => {
      window.removeEventListener('focus', onFocus)
      void refetchRef.current()
    }
    window.addEventListener('focus', onFocus)
    const timer = setTimeout(() => setSlow(true), CONFIRMING_PATIENCE_MS)
    return () => {
      window.removeEventListener('focus', onFocus)
      clearTimeout(timer)
    }
  }, [pending])

  return { confirming: pending, slow: pending && slow }
}
