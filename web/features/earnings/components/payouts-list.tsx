import { Banknote } from 'lucide-react'
import { formatMoney } from '#common/money.ts'
import type { Payout, PayoutStatus } from '#common/schemas/earnings.ts'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useMyPayouts } from '../api/earnings.ts'

export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; dot: string }> = {
  open: { label: 'Requested', dot: 'bg-amber-500' },
  paid: { label: 'Paid', dot: 'bg-emerald-500' },
  rejected: { label: 'Rejected', dot: 'bg-red-600' },
}

function PayoutRow({ payout }: { payout: Payout }) {
  const status = PAYOUT_STATUS[payout.status]
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-5 py-4">
      <div className="min-w-0">
        <p className="font-medium text-stone-900 tabular-nums">
          {formatMoney(payout.amount, payout.currency)}
        </p>
        <p className="text-sm text-stone-600">
          Requested <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
          {payout.decidedAt && (
            <>
              {' · '}
              {payout.status === 'paid' ? 'paid' : 'rejected'}{' '}
              <time dateTime={payout.decidedAt}>{formatDate(payout.decidedAt)}</time>
            </>
          )}
        </p>
        {payout.reference && (
          <p className="text-sm break-words text-stone-600">
            Reference: <span className="font-mono text-stone-800">{payout.reference}</span>
          </p>
        )}
        {payout.reason && (
          <p className="text-sm break-words text-stone-600">
            Reason: {payout.reason} The money went back to your available balance.
          </p>
        )}
      </div>
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-800">
        <span className={`size-2 rounded-full ${status.dot}`} aria-hidden />
        {status.label}
      </span>
    </li>
  )
}

/** My payout requests and what became of each, newest first. */
export function PayoutsList() {
  const payouts = useMyPayouts()
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section aria-labelledby="payouts-heading" className="space-y-4">
      <h2 id="payouts-heading" className="text-xl font-semibold">
        Payouts
      </h2>
      {payouts.isPending ? (
        <TableSkeleton label="Loading your payouts" />
      ) : !payouts.data ? (
        <QueryError what="your payouts" error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Banknote className="size-8" aria-hidden />} title="No payouts yet">
          When you request a payout it is listed here until an admin pays it.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
          {items.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
      <LoadMore pages={payouts} />
    </section>
  )
}
