import {
  ArrowRight,
  BarChart3,
  BookOpen,
  ClipboardCheck,
  FileText,
  Flag,
  Inbox,
  PenLine,
  ShieldCheck,
  Users,
  UserX,
  Wallet,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import type { PlatformMonth, PlatformTotals } from '#common/schemas/admin.ts'
import { BarChart, type ChartSeries } from '#web/components/charts/bar-chart.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { formatLongMonth, formatMonth } from '#web/lib/format.ts'
import { TOTALS_MONTHS, useTotals } from '../api/get-totals.ts'

const number = new Intl.NumberFormat('en-US')

const PERIODS = [6, 12, 24, 36] as const
type Period = (typeof PERIODS)[number]
// Short enough that the four fit in one row on a phone.
const PERIOD_LABELS: Record<Period, string> = { 6: '6 months', 12: '1 year', 24: '2 years', 36: '3 years' }
const PERIOD_OPTIONS = PERIODS.map((months) => ({ value: String(months), label: PERIOD_LABELS[months] }))

type MoneyKey = 'gross' | 'fees' | 'net'
const SERIES: ChartSeries<MoneyKey>[] = [
  { key: 'gross', label: 'Gross', className: 'fill-ink-500 bg-ink-500' },
  { key: 'fees', label: 'Fees', className: 'fill-amber-500 bg-amber-500' },
  { key: 'net', label: 'Net to writers', className: 'fill-ink-900 bg-ink-900' },
]

/** The months' sales money added up: the figures above the chart. */
export function sumMonths(months: ReadonlyArray<PlatformMonth>) {
  const sum = { sales: 0, gross: 0, fees: 0, net: 0, refunds: 0 }
  for (const m of months) {
    sum.sales += m.sales
    sum.gross += m.gross
    sum.fees += m.fees
    sum.net += m.net
    sum.refunds += m.refunds
  }
  return sum
}

interface StatProps {
  label: string
  value: string
  icon: ReactNode
  /** A line under the figure: what it counts, or an amount. */
  note?: string
  /** Where the items behind the count are handled, and the link's words. */
  link?: { to: string; label: string }
  /** Drawn in the accent colour: something waits. */
  attention?: boolean
}

function Stat({ label, value, icon, note, link, attention = false }: StatProps) {
  return (
    <div className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-3.5 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-stone-600">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-ink-50 text-ink-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd
        className={`mt-3 font-serif text-3xl font-semibold tabular-nums ${attention ? 'text-amber-700' : 'text-stone-900'}`}
      >
        {value}
      </dd>
      {note && <dd className="mt-1 text-sm text-stone-600">{note}</dd>}
      {link && (
        <dd className="mt-auto pt-3">
          <Link
            to={link.to}
            className="group inline-flex items-center gap-1 text-sm font-medium text-ink-800 hover:text-ink-950 hover:underline"
          >
            {link.label}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </dd>
      )}
    </div>
  )
}

/** The cards, in three groups: who is here, what they published, what waits for an admin. */
function groupsOf(totals: PlatformTotals): { title: string; stats: StatProps[] }[] {
  const { published, openPayouts } = totals
  const icon = (Icon: typeof Users) => <Icon className="size-5" aria-hidden />
  const count = (n: number) => number.format(n)
  const waiting = (label: string, n: number, tab: string, Icon: typeof Users, note?: string): StatProps => ({
    label,
    value: count(n),
    note,
    attention: n > 0,
    icon: icon(Icon),
    link: { to: `/admin?tab=${tab}`, label: `Go to ${tab}` },
  })
  return [
    {
      title: 'People',
      stats: [
        { label: 'Accounts', value: count(totals.users), icon: icon(Users) },
        {
          label: 'Writers',
          value: count(totals.writers),
          note: 'Published a post, book or exam',
          icon: icon(PenLine),
        },
        { label: 'Admins', value: count(totals.admins), icon: icon(ShieldCheck) },
        { label: 'Suspended', value: count(totals.suspended), icon: icon(UserX) },
      ],
    },
    {
      title: 'Published',
      stats: [
        { label: 'Posts', value: count(published.posts), icon: icon(FileText) },
        { label: 'Books', value: count(published.books), icon: icon(BookOpen) },
        { label: 'Exams', value: count(published.exams), icon: icon(ClipboardCheck) },
      ],
    },
    {
      title: 'Waiting for an admin',
      stats: [
        waiting('Open reports', totals.openReports, 'reports', Flag),
        waiting(
          'Open payout requests',
          openPayouts.count,
          'payouts',
          Wallet,
          `${formatMoney(openPayouts.amount, totals.currency)} requested`,
        ),
        waiting('Open messages', totals.openMessages, 'messages', Inbox),
      ],
    },
  ]
}

function Counts({ totals }: { totals: PlatformTotals }) {
  return (
    <div className="space-y-6">
      {groupsOf(totals).map((group) => (
        <div key={group.title}>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{group.title}</h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {group.stats.map((stat) => (
              <Stat key={stat.label} {...stat} />
            ))}
          </dl>
        </div>
      ))}
    </div>
  )
}

function Money({ totals, months }: { totals: PlatformTotals; months: number }) {
  const money = (minor: number) => formatMoney(minor, totals.currency)
  const sum = sumMonths(totals.months)
  if (sum.sales === 0 && sum.refunds === 0)
    return (
      <EmptyState icon={<BarChart3 className="size-8" aria-hidden />} title="No sales yet">
        <p>
          No book sales, subscriptions or renewals in the last {months} months. When readers pay, the money
          shows here month by month: what they paid, Inkwell’s fees and the writers’ share.
        </p>
      </EmptyState>
    )
  const figures = [
    { label: 'Sales and renewals', value: number.format(sum.sales) },
    { label: 'Gross', value: money(sum.gross) },
    { label: 'Fees', value: money(sum.fees) },
    { label: 'Net to writers', value: money(sum.net) },
    { label: 'Refunds', value: money(sum.refunds) },
  ]
  return (
    <div className="space-y-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-sm text-stone-600">{f.label}</dt>
            <dd className="mt-0.5 text-xl font-semibold break-words text-stone-900 tabular-nums">
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-600">
        Gross, fees and net are after refunds; refunds are what buyers got back.
      </p>
      <BarChart
        title={`Gross, fees and net by month, last ${months} months`}
        series={SERIES}
        points={totals.months.map((m) => ({
          label: formatMonth(m.month),
          fullLabel: formatLongMonth(m.month),
          values: { gross: m.gross, fees: m.fees, net: m.net },
        }))}
        formatValue={money}
        formatTick={(minor) => formatMoney(minor, totals.currency, { short: true })}
      />
    </div>
  )
}

// The skeleton has the shape of the cards to come: four about people, three each below.
const SKELETON_GROUPS = [
  { name: 'people', cards: ['a', 'b', 'c', 'd'] },
  { name: 'published', cards: ['a', 'b', 'c'] },
  { name: 'waiting', cards: ['a', 'b', 'c'] },
]

function Skeleton() {
  return (
    <div role="status" aria-label="Loading the platform totals" className="space-y-6">
      {SKELETON_GROUPS.map((group) => (
        <div key={group.name} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {group.cards.map((card) => (
            <div key={card} className="h-32 animate-pulse rounded-2xl border border-stone-200 bg-white" />
          ))}
        </div>
      ))}
      <div className="h-80 animate-pulse rounded-2xl border border-stone-200 bg-white" />
    </div>
  )
}

/**
 * The Totals tab: accounts, writers, published work, what waits for an admin (each count leading
 * to its tab), and the platform's sales money by month over a period the admin picks.
 */
export function Totals() {
  const [months, setMonths] = useState<Period>(TOTALS_MONTHS)
  const totals = useTotals(months)
  const data = totals.data
  // While another period loads, the last one stays on screen, dimmed.
  const stale = totals.isPlaceholderData

  if (totals.isPending) return <Skeleton />
  if (!data)
    return (
      <QueryError what="the platform totals" error={totals.error} onRetry={() => void totals.refetch()} />
    )
  return (
    <div className="space-y-10">
      {totals.isError && (
        <QueryError what="the newest totals" error={totals.error} onRetry={() => void totals.refetch()} />
      )}
      <Counts totals={data} />
      <section aria-labelledby="totals-money-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h2 id="totals-money-title" className="text-xl font-semibold text-stone-900">
            Money
          </h2>
          <SegmentedControl
            legend="Period"
            name="totals-period"
            options={PERIOD_OPTIONS}
            value={String(months)}
            onChange={(value) => setMonths(Number(value) as Period)}
          />
        </div>
        <div
          aria-busy={stale}
          className={`transition-opacity ${stale ? 'pointer-events-none opacity-60' : ''}`}
        >
          <Money totals={data} months={data.months.length} />
        </div>
      </section>
    </div>
  )
}
