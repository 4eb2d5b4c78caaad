import { BarChart3 } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { OVERVIEW_RANGES, type Overview, type OverviewRange } from '#common/schemas/overview.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { formatDate, formatDateTime } from '#web/lib/format.ts'
import { relativeTime, useNow } from '#web/lib/relative-time.ts'
import { KEEP_SCROLL } from '#web/lib/scroll.ts'
import { useOverview } from '../api/get-overview.ts'
import { NewsletterList } from './newsletter-list.tsx'
import { OverviewCharts } from './overview-charts.tsx'
import { StatCards, StatCardsSkeleton } from './stat-cards.tsx'
import { TopItems } from './top-items.tsx'

const DEFAULT_RANGE: OverviewRange = 30
const RANGE_OPTIONS = OVERVIEW_RANGES.map((days) => ({ value: String(days), label: `${days} days` }))

/** The range in the address (?days=90), so reload, Back and a shared link keep it; 30 otherwise. */
export function useRange() {
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('days'))
  const days = (OVERVIEW_RANGES as readonly number[]).includes(asked)
    ? (asked as OverviewRange)
    : DEFAULT_RANGE
  const setDays = (next: OverviewRange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      updated.set('days', String(next))
      return updated
    }, KEEP_SCROLL)
  return [days, setDays] as const
}

/** With nothing at all in this period or the one before, there is nothing to draw. */
const isEmpty = ({ totals, previous, top }: Overview) =>
  Object.values(totals).every((n) => n === 0) &&
  Object.values(previous).every((n) => n === 0) &&
  top.posts.length + top.books.length + top.exams.length === 0

function UpdatedAt({ iso }: { iso: string | null }) {
  const now = useNow()
  if (!iso)
    return <span>Figures are brought up to date every few minutes; the first update has not run yet.</span>
  return (
    <span>
      Updated{' '}
      <time dateTime={iso} title={formatDateTime(iso)}>
        {relativeTime(iso, now)}
      </time>
    </span>
  )
}

function Nothing({ days, onLonger }: { days: OverviewRange; onLonger?: () => void }) {
  return (
    <EmptyState icon={<BarChart3 className="size-8" aria-hidden />} title="Nothing to show yet">
      <p>
        When readers view, like and comment on your posts, subscribe to you, buy your books or take your
        exams, you will see it here day by day, with your best posts, books and exams. Nothing has happened in
        the last {days} days or the {days} before.
      </p>
      {onLonger && (
        <Button variant="ghost" size="sm" className="mt-2 text-ink-800" onClick={onLonger}>
          Look at the last 365 days
        </Button>
      )}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <ButtonLink to="/post">Write a post</ButtonLink>
        <ButtonLink to="/postbook" variant="secondary">
          Write a book
        </ButtonLink>
        <ButtonLink to="/postexam" variant="secondary">
          Post an exam
        </ButtonLink>
      </div>
    </EmptyState>
  )
}

function ChartsSkeleton() {
  return (
    <div className="space-y-10">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3">
          <div className="h-7 w-40 animate-pulse rounded bg-stone-200" />
          <div className="h-80 animate-pulse rounded-2xl border border-stone-200 bg-white" />
        </div>
      ))}
    </div>
  )
}

/** The writer's readership and sales over 7, 30, 90 or 365 days. */
export function OverviewScreen() {
  const [days, setDays] = useRange()
  const overview = useOverview(days)
  const data = overview.data
  // While another range loads, the last one stays on screen, dimmed.
  const stale = overview.isPlaceholderData

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <SegmentedControl
          legend="Period"
          name="overview-range"
          options={RANGE_OPTIONS}
          value={String(days)}
          onChange={(value) => setDays(Number(value) as OverviewRange)}
        />
        <p className="text-sm text-stone-500">
          {data && !stale ? (
            <>
              {formatDate(data.from)} – {formatDate(data.to)} · <UpdatedAt iso={data.updatedAt} />
            </>
          ) : (
            <span>Loading the last {days} days…</span>
          )}
        </p>
      </div>

      {overview.isPending ? (
        <div role="status" aria-label="Loading your overview" className="space-y-10">
          <StatCardsSkeleton />
          <ChartsSkeleton />
        </div>
      ) : !data ? (
        <QueryError what="your overview" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : isEmpty(data) && !stale ? (
        <Nothing days={days} onLonger={days < 365 ? () => setDays(365) : undefined} />
      ) : (
        <div
          aria-busy={stale}
          className={`space-y-10 transition-opacity ${stale ? 'pointer-events-none opacity-60' : ''}`}
        >
          {overview.isError && (
            <QueryError
              what="the newest figures"
              error={overview.error}
              onRetry={() => void overview.refetch()}
            />
          )}
          <StatCards overview={data} />
          <OverviewCharts overview={data} />
          <TopItems overview={data} />
          <NewsletterList overview={data} />
        </div>
      )}
    </div>
  )
}
