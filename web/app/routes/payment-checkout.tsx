import { FlaskConical } from 'lucide-react'
import { useNavigate, useParams } from 'react-router'
import { formatMoney } from '#common/money.ts'
import type { Order, SandboxOutcome } from '#common/schemas/payments.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { useOrder, useSandboxPay } from '#web/features/payments/api/orders.ts'
import { OrderSummary } from '#web/features/payments/components/order-summary.tsx'
import { OrderGate, PanelHeading, PaymentPanel } from '#web/features/payments/components/payment-panel.tsx'
import { itemCopy } from '#web/features/payments/item-copy.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

/** /payment/checkout/:orderId: the sandbox provider's TEST checkout, standing in for Stripe's. */
export default function PaymentCheckout() {
  const { orderId = '' } = useParams()
  const order = useOrder(orderId)
  useDocumentTitle('Test checkout')
  return (
    <OrderGate orderId={orderId} query={order}>
      {(o) => <Checkout order={o} />}
    </OrderGate>
  )
}

const TEST_BANNER = (
  <div
    role="note"
    className="mb-4 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
  >
    <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
    <p>
      <strong className="font-semibold">Test checkout — no real money moves.</strong> Choose what the payment
      provider should answer.
    </p>
  </div>
)

function Checkout({ order }: { order: Order }) {
  const pay = useSandboxPay(order.id)
  const navigate = useNavigate()
  const open = order.status === 'pending' || order.status === 'failed'
  const choose = (outcome: SandboxOutcome) =>
    pay.mutate(outcome, { onSuccess: ({ redirectTo }) => navigate(redirectTo) })
  const busy = (outcome: SandboxOutcome) => pay.isPending && pay.variables === outcome

  return (
    <PaymentPanel banner={TEST_BANNER}>
      <PanelHeading title={open ? 'Pay Inkwell' : `This order is ${order.status}`}>
        <p>{open ? itemCopy(order).what : 'There is nothing more to pay for it.'}</p>
      </PanelHeading>
      <OrderSummary order={order} />
      {open ? (
        <div className="mt-6 space-y-3">
          <Button
            size="lg"
            className="w-full"
            busy={busy('succeed')}
            disabled={pay.isPending}
            onClick={() => choose('succeed')}
          >
            Pay {formatMoney(order.amount, order.currency)}
          </Button>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button
              variant="secondary"
              busy={busy('decline')}
              disabled={pay.isPending}
              onClick={() => choose('decline')}
            >
              Decline card
            </Button>
            <Button
              variant="secondary"
              busy={busy('error')}
              disabled={pay.isPending}
              onClick={() => choose('error')}
            >
              Simulate an error
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-6 flex justify-center">
          <ButtonLink to={`/payment/success?order=${encodeURIComponent(order.id)}`}>
            See your order
          </ButtonLink>
        </div>
      )}
    </PaymentPanel>
  )
}
