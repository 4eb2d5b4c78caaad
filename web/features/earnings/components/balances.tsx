import { formatMoney } from '#common/money.ts'
import type { EarningsSummary } from '#common/schemas/earnings.ts'
import { countOf } from '#web/lib/format.ts'

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-xs text-stone-500">{note}</dd>}
    </div>
  )
}

/** Where the writer's money stands now, and what they have earned ever. */
export function Balances({ summary }: { summary: EarningsSummary }) {
  const money = (minor: number) => formatMoney(minor, summary.currency)
  const { lifetime } = summary
  return (
    <section aria-labelledby="balances-heading" className="space-y-4">
      <h2 id="balances-heading" className="sr-only">
        Balances
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Available" value={money(summary.available)} note="Yours to request as a payout." />
        <Figure
          label="Pending"
          value={money(summary.pending)}
          note={
            summary.refundWindowDays > 0
              ? `Available after ${countOf(summary.refundWindowDays, 'day')}, the refund window.`
              : 'Available within a few minutes of the sale.'
          }
        />
        <Figure label="Payout pending" value={money(summary.payoutPending)} note="Requested, not yet paid." />
        <Figure label="Paid out" value={money(summary.paidOut)} note="Sent to you, ever." />
      </dl>
      {summary.owed < 0 && (
        <p
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <span className="font-medium">You owe {money(-summary.owed)}.</span> A refund arrived after its
          sale’s money had been paid out or requested; it comes off your next earnings before they become
          available.
        </p>
      )}
      <p className="text-sm text-stone-600">
        Lifetime: <span className="font-medium text-stone-900">{money(lifetime.gross)}</span> from readers,
        less <span className="font-medium text-stone-900">{money(lifetime.fees)}</span> in fees:{' '}
        <span className="font-medium text-stone-900">{money(lifetime.net)}</span> earned.
      </p>
    </section>
  )
}
