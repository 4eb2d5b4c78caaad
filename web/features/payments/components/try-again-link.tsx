import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import type { Order } from '#common/schemas/payments.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useRetryCheckout } from '../api/orders.ts'

/** An address off Inkwell (Stripe's hosted checkout) is left for by a full page load. */
const isExternal = (url: string) => /^https?:\/\//i.test(url)

/**
 * Try again on an unpaid order. The server gives the checkout to go to (Stripe's last one may have
 * expired, so it can be a new one); the link's own address is the order's current checkout, for a
 * click that never reaches the script. A failure is a toast, like every failed action.
 */
export function TryAgainLink({ order }: { order: Order }) {
  const retry = useRetryCheckout(order.id)
  const navigate = useNavigate()
  if (order.status !== 'pending' && order.status !== 'failed') return null
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    if (retry.isPending) return
    retry.mutate(undefined, {
      onSuccess: ({ checkoutUrl }) => {
        if (!checkoutUrl) return
        if (isExternal(checkoutUrl)) window.location.assign(checkoutUrl)
        else void navigate(checkoutUrl)
      },
    })
  }
  return (
    <ButtonLink
      to={order.checkoutUrl ?? `/payment?order=${encodeURIComponent(order.id)}`}
      size="lg"
      onClick={onClick}
      aria-disabled={retry.isPending || undefined}
    >
      {retry.isPending ? 'Opening the checkout…' : 'Try again'}
    </ButtonLink>
  )
}
