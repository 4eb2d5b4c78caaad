import { formatMoney } from '#common/money.ts'
import type { Order } from '#common/schemas/payments.ts'
import { itemCopy } from '../item-copy.ts'

/** The order as a receipt reads: the item, who is paid, the total due, and its reference. */
export function OrderSummary({ order, totalLabel = 'Due today' }: { order: Order; totalLabel?: string }) {
  const price = formatMoney(order.amount, order.currency)
  const copy = itemCopy(order)
  return (
    <section aria-label="Order summary" className="rounded-xl border border-stone-200 bg-stone-50/60">
      <dl className="divide-y divide-stone-200 text-sm">
        <div className="flex items-start justify-between gap-4 px-4 py-4 sm:px-5">
          <dt className="min-w-0">
            <span className="block font-medium text-stone-900">{copy.what}</span>
            <span className="mt-0.5 block text-stone-500">{copy.billing}</span>
          </dt>
          <dd className="shrink-0 text-right font-medium text-stone-900 tabular-nums">
            {price}
            {copy.per && <span className="block text-xs font-normal text-stone-500">{copy.per}</span>}
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
