import { CheckCircle2, Clock } from 'lucide-react'
import type { Order } from '#common/schemas/payments.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useLatestNotifications } from '#web/features/notifications/api/get-latest.ts'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { itemCopy } from '#web/features/payments/item-copy.ts'
import { useConfirmation } from '#web/features/payments/use-confirmation.ts'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/**
 * Whether the realtime stream has brought news of this order: 'order_paid', or 'order_refunded'
 * when the payment came for something the buyer already had (decision 040).
 */
function useSettledNotification(orderId: string) {
  const latest = useLatestNotifications()
  return Boolean(
    orderId &&
      latest.data?.items.some(
        (n) =>
          (n.kind === 'order_paid' || n.kind === 'order_refunded') &&
          n.link !== null &&
          new URL(n.link, 'http://inkwell.invalid').searchParams.get('order') === orderId,
      ),
  )
}

/**
 * /payment/success?order=…: where the buyer lands after paying. The browser may arrive before the
 * provider's event: "Confirming…" until the order is paid, updated live by the notification stream.
 */
export default function PaymentSuccess() {
  const orderId = useOrderParam()
  const order = useOrder(orderId)
  const paidNotified = useSettledNotification(orderId)
  const { confirming, slow } = useConfirmation(order.data, paidNotified, order.refetch)
  useDocumentTitle(confirming ? 'Confirming your payment' : 'Payment received')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => (confirming ? <Confirming order={o} slow={slow} /> : <Outcome order={o} />)}
    </OrderGate>
  )
}

function Confirming({ order, slow }: { order: Order; slow: boolean }) {
  return (
    <PaymentPanel>
      <div aria-live="polite">
        <PanelHeading
          icon={slow ? <Clock className="size-7 text-amber-600" aria-hidden /> : <Spinner size="lg" />}
          title="Confirming your payment…"
        >
          {slow ? (
            <p>
              This is taking longer than usual — we'll e-mail your receipt when it's confirmed. Your order
              reference is <span className="font-mono text-sm break-all">{order.id}</span>.
            </p>
          ) : (
            <p>This usually takes a few seconds. You can keep this page open.</p>
          )}
        </PanelHeading>
      </div>
      <OrderSummary order={order} />
    </PaymentPanel>
  )
}

const UNPAID_NOTE: Partial<Record<Order['status'], string>> = {
  failed: 'No money was taken.',
  refunded: 'Its payment is refunded to you: your bank shows it within a few days.',
}

function Outcome({ order }: { order: Order }) {
  const { home, paid } = itemCopy(order)
  if (order.status !== 'paid')
    return (
      <PaymentPanel>
        <PanelHeading
          title={
            order.status === 'failed' ? 'This payment did not go through' : `This order is ${order.status}`
          }
        >
          <p>{UNPAID_NOTE[order.status] ?? 'It gives no access any more.'}</p>
        </PanelHeading>
        <OrderSummary order={order} totalLabel="Total" />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {order.status === 'failed' && order.checkoutUrl && (
            <ButtonLink to={order.checkoutUrl}>Try again</ButtonLink>
          )}
          <ButtonLink to={home.to} variant="secondary">
            Go to {home.label}
          </ButtonLink>
        </div>
      </PaymentPanel>
    )
  return (
    <PaymentPanel>
      <PanelHeading
        icon={<CheckCircle2 className="size-9 text-emerald-600" aria-hidden />}
        title={paid.title}
      >
        <p>{paid.body}</p>
      </PanelHeading>
      <OrderSummary order={order} totalLabel="Paid today" />
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to={paid.use.to} size="lg">
          {paid.use.label}
        </ButtonLink>
        <ButtonLink to={paid.more.to} variant="secondary" size="lg">
          {paid.more.label}
        </ButtonLink>
      </div>
    </PaymentPanel>
  )
}
