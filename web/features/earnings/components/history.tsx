import { Download, ScrollText } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { formatMoney } from '#common/money.ts'
import type { EarningLine, EarningLineKind } from '#common/schemas/earnings.ts'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { CellLabel, DataTable, TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useEarningsHistory } from '../api/earnings.ts'

const KINDS: { value: EarningLineKind | ''; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'sale', label: 'Book sales and subscriptions' },
  { value: 'renewal', label: 'Renewals' },
  { value: 'refund', label: 'Refunds' },
  { value: 'release', label: 'Released to available' },
  { value: 'payout', label: 'Payout requests' },
  { value: 'payout_paid', label: 'Payouts paid' },
  { value: 'payout_rejected', label: 'Payouts returned' },
]

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** This month and the 23 before it, newest first, as "2026-11". */
export function recentMonths(now = new Date(), count = 24) {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    return { value: d.toISOString().slice(0, 7), label: monthName.format(d) }
  })
}

const select =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none'
const cell = 'px-4 py-3 align-top max-md:p-0'

function Signed({ minor, currency }: { minor: number; currency: string }) {
  if (minor === 0) return <span className="text-stone-400">—</span>
  return (
    <span className={minor < 0 ? 'text-red-800' : 'text-stone-900'}>
      {minor > 0 ? '+' : '−'}
      {formatMoney(Math.abs(minor), currency)}
    </span>
  )
}

function LineRow({ line }: { line: EarningLine }) {
  return (
    <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      <td className={`${cell} whitespace-nowrap text-stone-600`}>
        <CellLabel>Date</CellLabel>
        <time dateTime={line.createdAt}>{formatDate(line.createdAt)}</time>
      </td>
      <td className={`${cell} max-md:col-span-2 max-md:row-start-1`}>
        <span className="font-medium break-words text-stone-900">{line.description}</span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Gross</CellLabel>
        {line.gross ? formatMoney(line.gross, line.currency) : <span className="text-stone-400">—</span>}
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Fee</CellLabel>
        {line.fee ? formatMoney(line.fee, line.currency) : <span className="text-stone-400">—</span>}
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Pending</CellLabel>
        <Signed minor={line.pending} currency={line.currency} />
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Available</CellLabel>
        <Signed minor={line.available} currency={line.currency} />
      </td>
    </tr>
  )
}

/** Every movement of the writer's money, newest first, by month and kind, and the CSV of a month. */
export function EarningsHistory({ now }: { now?: Date }) {
  const [month, setMonth] = useState('')
  const [kind, setKind] = useState<EarningLineKind | ''>('')
  const history = useEarningsHistory(month, kind)
  const monthId = useId()
  const kindId = useId()
  const months = recentMonths(now)
  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  const exportHref = `/api/me/earnings/export.csv${month ? `?month=${month}` : ''}`

  let body: ReactNode
  if (history.isPending) body = <TableSkeleton label="Loading your earnings history" />
  else if (!history.data)
    body = (
      <QueryError what="your earnings history" error={history.error} onRetry={() => void history.refetch()} />
    )
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={<ScrollText className="size-8" aria-hidden />}
        title={month || kind ? 'Nothing matches' : 'No earnings yet'}
      >
        {month || kind
          ? 'Try another month or kind.'
          : 'Sales of your books and paid subscriptions to you appear here, with the fee and what is yours.'}
      </EmptyState>
    )
  else
    body = (
      <DataTable
        variant="cards"
        caption="Earnings history, newest first"
        columns={[
          { label: 'Date' },
          { label: 'What' },
          { label: 'Gross', align: 'right' },
          { label: 'Fee', align: 'right' },
          { label: 'Pending', align: 'right' },
          { label: 'Available', align: 'right' },
        ]}
      >
        {items.map((line) => (
          <LineRow key={line.id} line={line} />
        ))}
      </DataTable>
    )

  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <a
          href={exportHref}
          download
          className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <Download className="size-4" aria-hidden />
          Export CSV{month ? ` (${monthName.format(new Date(`${month}-01T00:00:00Z`))})` : ''}
        </a>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:max-w-xl">
        <div className="space-y-1.5">
          <label htmlFor={monthId} className="block text-sm font-medium text-stone-800">
            Month
          </label>
          <select id={monthId} className={select} value={month} onChange={(e) => setMonth(e.target.value)}>
            <option value="">All months</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={kindId} className="block text-sm font-medium text-stone-800">
            Kind
          </label>
          <select
            id={kindId}
            className={select}
            value={kind}
            onChange={(e) => setKind(e.target.value as EarningLineKind | '')}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
      <LoadMore pages={history} />
      {history.isFetchNextPageError && <Alert>More lines could not be loaded. Try “Load more” again.</Alert>}
    </section>
  )
}
