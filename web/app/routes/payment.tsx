import { ArrowRight, CheckCircle2 } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import type { Order } from '#common/schemas/payments.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { itemCopy } from '#web/features/payments/item-copy.ts'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /payment?order=…: the order's summary before paying, and Pay, which hands off to the checkout. */
export default function Payment() {
  const orderId = useOrderParam()
  const order = useOrder(orderId)
  useDocumentTitle('Review your order')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => <PaymentReview order={o} />}
    </OrderGate>
  )
}

function PaymentReview({ order }: { order: Order }) {
  const payable = (order.status === 'pending' || order.status === 'failed') && order.checkoutUrl
  const { next, home } = itemCopy(order)
  const whereId = useId()
  if (!payable) return <NothingToPay order={order} />
  return (
    <PaymentPanel>
      <PanelHeading title="Review your order">
        <p>Check the details, then pay.</p>
      </PanelHeading>
      <OrderSummary order={order} />
      <p className="mt-5 text-sm leading-relaxed text-stone-600">{next}</p>
      {/* Pay goes to the checkout (Stripe's page, or the sandbox's), where the paying happens: a
          link, and drawn as one, so what it looks like, what it is and what it does agree. */}
      <div className="mt-6 border-t border-stone-100 pt-6 text-center">
        <Link
          to={payable}
          aria-describedby={whereId}
          className="group inline-flex items-center gap-2 rounded-sm text-xl font-semibold text-ink-800 underline decoration-ink-300 decoration-2 underline-offset-[6px] hover:text-ink-900 hover:decoration-ink-700"
        >
          Pay {formatMoney(order.amount, order.currency)}
          <ArrowRight className="size-5 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
        <p id={whereId} className="mt-2 text-sm text-stone-500">
          on the secure checkout page
        </p>
        <p className="mt-5 text-sm">
          <Link
            to={home.to}
            className="text-stone-600 underline decoration-stone-300 underline-offset-4 hover:text-stone-900 hover:decoration-stone-500"
          >
            Not now, back to {home.label}
          </Link>
        </p>
      </div>
    </PaymentPanel>
  )
}

/** An order that is already paid, refunded or cancelled: nothing more to pay, and where to go. */
function NothingToPay({ order }: { order: Order }) {
  const paid = order.status === 'paid'
  const { home } = itemCopy(order)
  return (
    <PaymentPanel>
      <PanelHeading
        icon={paid ? <CheckCircle2 className="size-8 text-emerald-600" aria-hidden /> : undefined}
        title={paid ? 'This order is already paid' : `This order is ${order.status}`}
      >
        <p>
          There is nothing more to pay for it.
          {order.status === 'refunded' &&
            ' Its payment is refunded to you: your bank shows it within a few days.'}
        </p>
      </PanelHeading>
      <OrderSummary order={order} totalLabel={paid ? 'Paid' : 'Total'} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {paid && (
          <ButtonLink to={`/payment/success?order=${encodeURIComponent(order.id)}`}>
            See your receipt
          </ButtonLink>
        )}
        <ButtonLink to={home.to} variant="secondary">
          Go to {home.label}
        </ButtonLink>
      </div>
    </PaymentPanel>
  )
}
