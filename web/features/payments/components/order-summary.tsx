import type { Order } from '#common/schemas/payments.ts'
import { formatMoney } from '#web/lib/money.ts'

/** "Subscription to Grace Hopper": what is bought, in the buyer's words. */
export const orderWhat = (order: Order) =>
  order.item.kind === 'subscription' ? `Subscription to ${order.item.seller.name}` : order.item.title

/** What a subscription order charges, and when: said before the buyer pays. */
export function whatHappensNext(order: Order) {
  const price = formatMoney(order.amount, order.currency)
  return `You'll be charged ${price} today and every month until you cancel. Cancel any time; you keep access until the end of the paid month.`
}

/** The order as a receipt reads: the item, who is paid, the total due, and its reference. */
export function OrderSummary({ order, totalLabel = 'Due today' }: { order: Order; totalLabel?: string }) {
  const price = formatMoney(order.amount, order.currency)
  return (
    <section aria-label="Order summary" className="rounded-xl border border-stone-200 bg-stone-50/60">
      <dl className="divide-y divide-stone-200 text-sm">
        <div className="flex items-start justify-between gap-4 px-4 py-4 sm:px-5">
          <dt className="min-w-0">
            <span className="block font-medium text-stone-900">{orderWhat(order)}</span>
            <span className="mt-0.5 block text-stone-500">
              Billed monthly · paid to {order.item.seller.name}
            </span>
          </dt>
          <dd className="shrink-0 text-right font-medium text-stone-900 tabular-nums">
            {price}
            <span className="block text-xs font-normal text-stone-500">per month</span>
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-4 sm:px-5">
          <dt className="font-semibold text-stone-900">{totalLabel}</dt>
          <dd className="font-serif text-2xl font-semibold text-stone-900 tabular-nums">{price}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
          <dt className="text-stone-500">Order reference</dt>
          <dd className="font-mono text-xs break-all text-stone-600">{order.id}</dd>
        </div>
      </dl>
    </section>
  )
}
