import { ArrowRight, GraduationCap } from 'lucide-react'
import { Link } from 'react-router'
import { subjectPath } from '#common/paths.ts'
import { MASTERY_LEVEL_LABELS } from '#common/schemas/mastery.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useMyMastery } from '../api/mastery.ts'
import { LevelSteps } from './level-steps.tsx'

/**
 * The reader's subjects with their levels, compact (the dashboard places it under its own
 * heading). Each links to the subject's page, where the level is explained.
 */
export function SubjectLevels() {
  const mastery = useMyMastery()
  if (mastery.isPending) return <Spinner label="Loading your levels…" />
  if (mastery.isError)
    return <QueryError what="your levels" error={mastery.error} onRetry={() => void mastery.refetch()} />
  if (mastery.data.length === 0)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-stone-300 px-5 py-4">
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <GraduationCap className="size-5 text-ink-700" aria-hidden />
          Take an exam to see your level
        </p>
        <Link
          to="/exams"
          className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
        >
          Browse exams <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    )
  return (
    <ul
      className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
      aria-label="Your level in each subject"
    >
      {mastery.data.map(({ subject, level }) => (
        <li key={subject.slug}>
          <Link
            to={subjectPath(subject.slug)}
            className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-stone-50"
          >
            <span className="min-w-0 truncate font-medium text-stone-900">
              {subject.name}
              <span className="sr-only">, level</span>
            </span>
            <span className="flex items-center gap-3">
              <span className="text-sm text-stone-700">
                {level ? MASTERY_LEVEL_LABELS[level] : 'Not started'}
              </span>
              <LevelSteps level={level} compact />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
