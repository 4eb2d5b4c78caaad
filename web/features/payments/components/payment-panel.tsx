import { FileQuestion, Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import type { Order } from '#common/schemas/payments.ts'
import { useSignInPath } from '#web/components/sign-in-link.tsx'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useSession } from '#web/lib/session.ts'
import { isMissingOrder } from '../api/orders.ts'

/** The narrow, quiet column every payment screen sits in, with a note on how payments are handled. */
export function PaymentPanel({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg pt-2 pb-16 sm:pt-8">
      {banner}
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-center text-xs text-stone-500">
        <Lock className="size-3.5" aria-hidden /> Inkwell never sees or stores your card details.
      </p>
    </div>
  )
}

/** A screen's title block: a small label, the heading, and a line under it. */
export function PanelHeading({
  icon,
  title,
  children,
}: {
  icon?: ReactNode
  title: string
  children?: ReactNode
}) {
  return (
    <div className="mb-6 text-center">
      {icon && (
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-stone-100">
          {icon}
        </div>
      )}
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-2 text-stone-600">{children}</div>}
    </div>
  )
}

/** A wrong, unknown or someone else's order: the same answer, and a way back. */
export function OrderNotFound() {
  useDocumentTitle('Order not found')
  return (
    <PaymentPanel>
      <PanelHeading
        icon={<FileQuestion className="size-6 text-stone-600" aria-hidden />}
        title="We couldn't find that order"
      >
        <p>The link may be mistyped or out of date, or the order belongs to another account.</p>
      </PanelHeading>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact us
        </ButtonLink>
      </div>
    </PaymentPanel>
  )
}

/** The shape of a payment screen while its order loads. */
export function OrderSkeleton() {
  return (
    <PaymentPanel>
      <div role="status" aria-live="polite" className="animate-pulse space-y-5">
        <span className="sr-only">Loading your order…</span>
        <div className="mx-auto h-8 w-2/3 rounded bg-stone-200" />
        <div className="mx-auto h-4 w-1/2 rounded bg-stone-100" />
        <div className="h-40 rounded-xl bg-stone-100" />
        <div className="h-12 rounded-lg bg-stone-200" />
      </div>
    </PaymentPanel>
  )
}

interface OrderGateProps {
  orderId: string
  query: { isPending: boolean; data?: Order; error: Error | null; refetch: () => unknown }
  children: (order: Order) => ReactNode
}

/**
 * Sign-in, loading, not found and failed states shared by every payment screen; the order to the
 * rest. The routes are public (as in the original), but an order is its buyer's: someone signed out
 * signs in first and comes back, as on the signed-in screens.
 */
export function OrderGate({ orderId, query, children }: OrderGateProps) {
  const { loggedIn, checkingStatus } = useSession()
  const signInPath = useSignInPath()
  if (checkingStatus) return <OrderSkeleton />
  if (!loggedIn) return <Navigate to={signInPath} replace />
  if (!orderId || isMissingOrder(query.error)) return <OrderNotFound />
  if (query.isPending) return <OrderSkeleton />
  if (!query.data)
    return (
      <PaymentPanel>
        <h1 className="mb-4 font-serif text-2xl font-semibold">Your order</h1>
        <QueryError what="your order" error={query.error} onRetry={() => void query.refetch()} />
      </PaymentPanel>
    )
  return children(query.data)
}
