import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import type { Overview, OverviewMetric } from '#common/schemas/overview.ts'
import { BarChart, type ChartSeries } from '#web/components/charts/bar-chart.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { type Grain, grainFor, groupSeries, type Period } from '../lib/periods.ts'

const VIEWS: ChartSeries<OverviewMetric>[] = [
  { key: 'views', label: 'Views', className: 'fill-ink-600 bg-ink-600' },
]
const REACTIONS: ChartSeries<OverviewMetric>[] = [
  { key: 'likes', label: 'Likes', className: 'fill-rose-500 bg-rose-500' },
  { key: 'comments', label: 'Comments', className: 'fill-amber-500 bg-amber-500' },
]
const SUBSCRIBERS: ChartSeries<OverviewMetric>[] = [
  { key: 'freeSubscribers', label: 'Free', className: 'fill-ink-500 bg-ink-500' },
  { key: 'paidSubscribers', label: 'Paid', className: 'fill-amber-500 bg-amber-500' },
]
const SALES: ChartSeries<OverviewMetric>[] = [
  { key: 'bookSales', label: 'Books sold', className: 'fill-ink-600 bg-ink-600' },
]
const REVENUE: ChartSeries<OverviewMetric>[] = [
  { key: 'bookRevenue', label: 'Revenue', className: 'fill-emerald-600 bg-emerald-600' },
]
const EXAMS: ChartSeries<OverviewMetric>[] = [
  { key: 'examAttempts', label: 'Attempts', className: 'fill-ink-500 bg-ink-500' },
  { key: 'examPasses', label: 'Passes', className: 'fill-emerald-600 bg-emerald-600' },
]

const count = (n: number) => n.toLocaleString('en')
/** Axis ticks of counts are whole; a chart of small numbers would otherwise read 0.5, 1, 1.5. */
const countTick = (n: number) => (Number.isInteger(n) ? count(n) : '')

/** "by day, last 30 days": what each bar holds, said in every chart's title. */
const spanOf = (grain: Grain, days: number) => `by ${grain}, last ${days} days`

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A chart of some of the figures, or, with none in the period, a line saying so. */
function MetricChart({
  title,
  series,
  periods,
  empty,
  money,
}: {
  title: string
  series: ChartSeries<OverviewMetric>[]
  periods: Period[]
  empty: ReactNode
  /** Values are minor units in this currency. */
  money?: string
}) {
  const hasAny = periods.some((p) => series.some((s) => p.figures[s.key] !== 0))
  if (!hasAny) return <p className="text-sm text-stone-600">{empty}</p>
  return (
    <BarChart
      title={title}
      series={series}
      points={periods.map((p) => ({ label: p.label, fullLabel: p.fullLabel, values: p.figures }))}
      formatValue={money ? (minor) => formatMoney(minor, money) : count}
      formatTick={money ? (minor) => formatMoney(minor, money, { short: true }) : countTick}
    />
  )
}

/** Readership, subscribers, books and exams over the period, a bar a day, week or month. */
export function OverviewCharts({ overview }: { overview: Overview }) {
  const grain = grainFor(overview.days as 7 | 30 | 90 | 365)
  const periods = groupSeries(overview.series, grain)
  const span = spanOf(grain, overview.days)
  const inPeriod = `in the last ${overview.days} days`
  return (
    <div className="space-y-10">
      <Section id="overview-readers" title="Readers">
        <Card className="space-y-8">
          <MetricChart
            title={`Views ${span}`}
            series={VIEWS}
            periods={periods}
            empty={`No one has read your posts ${inPeriod}.`}
          />
          <MetricChart
            title={`Likes and comments ${span}`}
            series={REACTIONS}
            periods={periods}
            empty={`No likes or comments ${inPeriod}.`}
          />
        </Card>
      </Section>
      <Section id="overview-subscribers" title="New subscribers">
        <Card>
          <MetricChart
            title={`New subscribers, free and paid, ${span}`}
            series={SUBSCRIBERS}
            periods={periods}
            empty={`No new subscribers ${inPeriod}. Readers subscribe from your writer’s page and your posts.`}
          />
        </Card>
      </Section>
      <Section id="overview-books" title="Books">
        <Card className="space-y-8">
          <MetricChart
            title={`Books sold ${span}`}
            series={SALES}
            periods={periods}
            empty={
              <>
                No books sold {inPeriod}.{' '}
                <Link to="/postbook" className="font-medium text-ink-800 underline underline-offset-4">
                  Write a book
                </Link>{' '}
                to sell one.
              </>
            }
          />
          {periods.some((p) => p.figures.bookSales > 0) && (
            <MetricChart
              title={`Book revenue ${span}`}
              series={REVENUE}
              periods={periods}
              money={overview.currency}
              empty={`No book revenue ${inPeriod}.`}
            />
          )}
        </Card>
      </Section>
      <Section id="overview-exams" title="Exams">
        <Card>
          <MetricChart
            title={`Exam attempts and passes ${span}`}
            series={EXAMS}
            periods={periods}
            empty={
              <>
                No one has taken your exams {inPeriod}.{' '}
                <Link to="/postexam" className="font-medium text-ink-800 underline underline-offset-4">
                  Post an exam
                </Link>{' '}
                for readers to test themselves.
              </>
            }
          />
        </Card>
      </Section>
    </div>
  )
}
