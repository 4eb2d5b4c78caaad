import { Card } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useEarningsSummary } from '../api/earnings.ts'
import { Balances } from './balances.tsx'
import { EarningsHistory } from './history.tsx'
import { MonthlyChart } from './monthly-chart.tsx'
import { PayoutRequest } from './payout-request.tsx'
import { PayoutsList } from './payouts-list.tsx'

function BalancesSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your balances"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-28 animate-pulse rounded-2xl border border-stone-200 bg-white" />
      ))}
    </div>
  )
}

/** The writer's money: balances, the monthly chart, payouts and the history. */
export function EarningsScreen() {
  const summary = useEarningsSummary()
  return (
    <div className="space-y-10">
      {summary.isPending ? (
        <BalancesSkeleton />
      ) : !summary.data ? (
        <QueryError what="your balances" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Balances summary={summary.data} />
          <PayoutRequest summary={summary.data} />
        </>
      )}
      <Card>
        <MonthlyChart />
      </Card>
      <EarningsHistory />
      <PayoutsList />
    </div>
  )
}
