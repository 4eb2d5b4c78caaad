import { formatMoney } from '#common/money.ts'
import type { Overview } from '#common/schemas/overview.ts'
import { type Change, passRate, percentChange, pointsChange } from '../lib/change.ts'

const count = (n: number) => n.toLocaleString('en')

function ChangeNote({ change, against, none }: { change: Change; against: string; none: string }) {
  // Nothing before: no percentage to give, so the card says what there was instead.
  if (change.direction === 'none')
    return (
      <p className="mt-1 text-xs text-stone-500">
        {none} in the {against}
      </p>
    )
  if (change.direction === 'same') return <p className="mt-1 text-xs text-stone-500">Same as the {against}</p>
  const up = change.direction === 'up'
  return (
    <p className={`mt-1 text-xs font-medium ${up ? 'text-emerald-700' : 'text-rose-700'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
      {change.amount} <span className="font-normal text-stone-500">vs {against}</span>
    </p>
  )
}

function Stat({
  label,
  value,
  change,
  against,
  none = '0',
}: {
  label: string
  value: string
  change: Change
  against: string
  /** Said when the previous period had none: "0", "No attempts". */
  none?: string
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold break-words text-stone-900 tabular-nums">{value}</dd>
      <dd>
        <ChangeNote change={change} against={against} none={none} />
      </dd>
    </div>
  )
}

/** The period's figures, each with how it moved against the period just before. */
export function StatCards({ overview }: { overview: Overview }) {
  const { totals: now, previous: before, days, currency } = overview
  const against = `previous ${days} days`
  const rate = passRate(now.examPasses, now.examAttempts)
  const rateBefore = passRate(before.examPasses, before.examAttempts)
  const stats = [
    { label: 'Views', value: count(now.views), change: percentChange(now.views, before.views) },
    { label: 'Likes', value: count(now.likes), change: percentChange(now.likes, before.likes) },
    { label: 'Comments', value: count(now.comments), change: percentChange(now.comments, before.comments) },
    {
      label: 'New free subscribers',
      value: count(now.freeSubscribers),
      change: percentChange(now.freeSubscribers, before.freeSubscribers),
    },
    {
      label: 'New paid subscribers',
      value: count(now.paidSubscribers),
      change: percentChange(now.paidSubscribers, before.paidSubscribers),
    },
    {
      label: 'Book sales',
      value: count(now.bookSales),
      change: percentChange(now.bookSales, before.bookSales),
    },
    {
      label: 'Book revenue',
      value: formatMoney(now.bookRevenue, currency),
      change: percentChange(now.bookRevenue, before.bookRevenue),
    },
    {
      label: 'Exam attempts',
      value: count(now.examAttempts),
      change: percentChange(now.examAttempts, before.examAttempts),
    },
    {
      label: 'Pass rate',
      value: rate === null ? '–' : `${rate}%`,
      change: pointsChange(rate, rateBefore),
      none: rateBefore === null ? 'No attempts' : `${rateBefore}%`,
    },
  ]
  return (
    <section aria-labelledby="overview-totals" className="space-y-3">
      <h2 id="overview-totals" className="sr-only">
        Totals
      </h2>
      {/* One card a row below 360 px: half of 320 px is too narrow for "$1,234.56". */}
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3">
        {stats.map((stat) => (
          <Stat key={stat.label} {...stat} against={against} />
        ))}
      </dl>
    </section>
  )
}

/** The cards' outline while the first figures load, so nothing moves when they arrive. */
export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3">
      {Array.from({ length: 9 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <div key={i} className="h-[7.25rem] animate-pulse rounded-2xl border border-stone-200 bg-white" />
      ))}
    </div>
  )
}
