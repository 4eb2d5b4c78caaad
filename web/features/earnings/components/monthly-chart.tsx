import { formatMoney } from '#common/money.ts'
import { BarChart, type ChartSeries } from '#web/components/charts/bar-chart.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { formatLongMonth, formatMonth } from '#web/lib/format.ts'
import { useMonthlyEarnings } from '../api/earnings.ts'

type Key = 'gross' | 'fees' | 'net'
const SERIES: ChartSeries<Key>[] = [
  { key: 'gross', label: 'Gross', className: 'fill-ink-500 bg-ink-500' },
  { key: 'fees', label: 'Fees', className: 'fill-amber-500 bg-amber-500' },
  { key: 'net', label: 'Net', className: 'fill-ink-900 bg-ink-900' },
]

/** Gross, fees and net for each of the last 12 months. */
export function MonthlyChart() {
  const monthly = useMonthlyEarnings(12)
  if (monthly.isPending)
    return (
      <div
        role="status"
        aria-label="Loading the chart"
        className="h-64 animate-pulse rounded-xl bg-stone-100"
      />
    )
  if (!monthly.data) return <Alert>The chart could not be loaded: {monthly.error?.message}</Alert>
  const { currency, months } = monthly.data
  return (
    <BarChart
      title="Earnings by month, last 12 months"
      series={SERIES}
      points={months.map((m) => ({
        label: formatMonth(m.month),
        fullLabel: formatLongMonth(m.month),
        values: { gross: m.gross, fees: m.fees, net: m.net },
      }))}
      formatValue={(minor) => formatMoney(minor, currency)}
      formatTick={(minor) => formatMoney(minor, currency, { short: true })}
    />
  )
}
