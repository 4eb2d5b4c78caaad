import { ClipboardList } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useMyAttempts } from '../api/browse-exams.ts'
import { formatDuration, formatPercent, formatScore } from '../format.ts'
import { ResultBadge } from './result-badge.tsx'

/** The attempts I handed in, newest first, each with its score and the way to results and leaderboard. */
export function MyAttempts() {
  const attempts = useMyAttempts()
  const items = attempts.data?.pages.flatMap((page) => page.items) ?? []

  if (attempts.isPending)
    return (
      <div className="flex justify-center py-16 text-ink-700">
        <Spinner size="lg" label="Loading your attempts…" />
      </div>
    )
  if (!attempts.data)
    return <QueryError what="your attempts" error={attempts.error} onRetry={() => void attempts.refetch()} />
  if (items.length === 0)
    return (
      <EmptyState
        icon={<ClipboardList className="size-8" aria-hidden />}
        title="You have not taken an exam yet"
      >
        <p>Pick one from All exams: your scores and answers will be kept here.</p>
      </EmptyState>
    )

  return (
    <div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
        {items.map((attempt) => (
          <li key={attempt.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
                {subjectLabel(attempt.exam.subjectSlug)}
              </p>
              <h3 className="mt-1 truncate font-serif text-lg font-semibold text-stone-900">
                {attempt.exam.title}
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
                <ResultBadge passed={attempt.passed} />
                <span className="font-medium text-stone-800 tabular-nums">
                  {formatScore(attempt.score)}/{formatScore(attempt.maxScore)} ·{' '}
                  {formatPercent(attempt.percent)}
                </span>
                <span aria-hidden="true">·</span>
                <span>{formatDuration(attempt.durationSeconds)}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={attempt.submittedAt}>{formatDateTime(attempt.submittedAt)}</time>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <ButtonLink
                to={`/examresults/${attempt.exam.id}`}
                variant="secondary"
                size="sm"
                aria-label={`Results of “${attempt.exam.title}”`}
              >
                Results
              </ButtonLink>
              <ButtonLink
                to={`/leaderboard/${attempt.exam.id}`}
                variant="ghost"
                size="sm"
                aria-label={`Leaderboard of “${attempt.exam.title}”`}
              >
                Leaderboard
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore pages={attempts} />
    </div>
  )
}
