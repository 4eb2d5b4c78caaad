import { CreditCard } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { TryAgainLink } from '#web/features/payments/components/try-again-link.tsx'
import { itemCopy } from '#web/features/payments/item-copy.ts'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /payment/failed?order=…: declined or cancelled; Try again asks for a checkout the order can still be paid at. */
export default function PaymentFailed() {
  const orderId = useOrderParam()
  const order = useOrder(orderId)
  useDocumentTitle('Payment not completed')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => {
        const { home } = itemCopy(o)
        if (o.status === 'paid')
          return (
            <PaymentPanel>
              <PanelHeading title="This order has been paid">
                <p>A later attempt went through, so there is nothing to try again.</p>
              </PanelHeading>
              <div className="flex justify-center">
                <ButtonLink to={`/payment/success?order=${encodeURIComponent(o.id)}`}>
                  See your receipt
                </ButtonLink>
              </div>
            </PaymentPanel>
          )
        if (o.status === 'cancelled' || o.status === 'refunded')
          return (
            <PaymentPanel>
              <PanelHeading
                title={o.status === 'cancelled' ? 'This order was closed' : 'This order was refunded'}
              >
                <p>
                  {o.status === 'cancelled'
                    ? 'It was not paid in time, so it was closed and no money was taken. To buy it after all, start again from its page.'
                    : 'Its payment was returned, so there is nothing to try again.'}
                </p>
              </PanelHeading>
              <OrderSummary order={o} totalLabel={o.status === 'cancelled' ? 'Not charged' : 'Refunded'} />
              <div className="mt-6 flex flex-col gap-3">
                <ButtonLink to={home.to} size="lg">
                  Go to {home.label}
                </ButtonLink>
              </div>
            </PaymentPanel>
          )
        return (
          <PaymentPanel>
            <PanelHeading
              icon={<CreditCard className="size-7 text-red-700" aria-hidden />}
              title="Your payment didn't go through"
            >
              <p>
                The card was declined or the payment was cancelled, so no money was taken. You can try again
                with the same order.
              </p>
            </PanelHeading>
            <OrderSummary order={o} totalLabel="Not charged" />
            <div className="mt-6 flex flex-col gap-3">
              <TryAgainLink order={o} />
              <ButtonLink to={home.to} variant="secondary" size="lg">
                Back to {home.label}
              </ButtonLink>
            </div>
          </PaymentPanel>
        )
      }}
    </OrderGate>
  )
}
