import { Link } from 'react-router'
import type { MyAttemptItem } from '#common/schemas/exams.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { formatPercent, formatScore } from '../format.ts'
import { ResultBadge } from './result-badge.tsx'

/** One of my latest attempts on the dashboard: the exam, pass or not, the score, when; opens its results. */
export function RecentAttemptItem({ attempt }: { attempt: MyAttemptItem }) {
  return (
    <li>
      <Link
        to={`/examresults/${encodeURIComponent(attempt.exam.id)}`}
        className="group block px-4 py-3 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50"
      >
        <span className="block truncate font-medium text-stone-900 group-hover:text-ink-800">
          {attempt.exam.title}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
          <ResultBadge passed={attempt.passed} />
          <span className="font-medium text-stone-700 tabular-nums">
            {formatPercent(attempt.percent)} ({formatScore(attempt.score)}/{formatScore(attempt.maxScore)})
          </span>
          <span aria-hidden="true">·</span>
          <TimeAgo iso={attempt.submittedAt} />
        </span>
      </Link>
    </li>
  )
}
