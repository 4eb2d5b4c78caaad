import { TriangleAlert } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder } from '#web/features/payments/api/orders.ts'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { useOrderParam } from '#web/features/payments/use-order-param.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /payment/error?order=…: the provider failed; the order reference and a way to reach us. */
export default function PaymentError() {
  const orderId = useOrderParam()
  const order = useOrder(orderId)
  useDocumentTitle('Payment problem')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => (
        <PaymentPanel>
          <PanelHeading
            icon={<TriangleAlert className="size-7 text-amber-600" aria-hidden />}
            title="Something went wrong with your payment"
          >
            <p>
              {o.status === 'paid'
                ? 'The payment went through in the end, so your order is paid.'
                : 'The payment could not be completed, and you have not been charged for this order.'}{' '}
              If you write to us, quote this order reference:
            </p>
          </PanelHeading>
          <p className="rounded-lg bg-stone-100 px-4 py-3 text-center font-mono text-sm break-all text-stone-800">
            {o.id}
          </p>
          <div className="mt-6 flex flex-col gap-3">
            {o.checkoutUrl && (
              <ButtonLink to={o.checkoutUrl} size="lg">
                Try again
              </ButtonLink>
            )}
            <ButtonLink to="/contact" variant="secondary" size="lg">
              Contact us
            </ButtonLink>
          </div>
        </PaymentPanel>
      )}
    </OrderGate>
  )
}
