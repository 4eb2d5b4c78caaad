import { CheckCircle2 } from 'lucide-react'
import type { Order } from '#common/schemas/payments.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { itemCopy } from '#web/features/payments/item-copy.ts'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { formatMoney } from '#web/lib/money.ts'

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
  if (!payable) return <NothingToPay order={order} />
  return (
    <PaymentPanel>
      <PanelHeading title="Review your order">
        <p>Check the details, then pay.</p>
      </PanelHeading>
      <OrderSummary order={order} />
      <p className="mt-5 text-sm leading-relaxed text-stone-600">{next}</p>
      <ButtonLink to={payable} size="lg" className="mt-6 w-full">
        Pay {formatMoney(order.amount, order.currency)}
      </ButtonLink>
      <p className="mt-3 text-center text-sm">
        <ButtonLink to={home.to} variant="ghost" size="sm">
          Not now, back to {home.label}
        </ButtonLink>
      </p>
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
        <p>There is nothing more to pay for it.</p>
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
