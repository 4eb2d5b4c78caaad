import { CreditCard } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /payment/failed?order=…: declined or cancelled; Try again goes back to the same order's checkout. */
export default function PaymentFailed() {
  const orderId = useOrderParam()
  const order = useOrder(orderId)
  useDocumentTitle('Payment not completed')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => {
        const writerPage = `/writer/${encodeURIComponent(o.item.seller.id)}`
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
              {o.checkoutUrl && (
                <ButtonLink to={o.checkoutUrl} size="lg">
                  Try again
                </ButtonLink>
              )}
              <ButtonLink to={writerPage} variant="secondary" size="lg">
                Back to {o.item.seller.name}
              </ButtonLink>
            </div>
          </PaymentPanel>
        )
      }}
    </OrderGate>
  )
}
