import { GraduationCap } from 'lucide-react'
import { Link } from 'react-router'
import { subjectPath } from '#common/paths.ts'
import { MASTERY_LEVEL_LABELS } from '#common/schemas/mastery.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ShelfEmpty, ShelfLoading } from '#web/components/ui/shelf.tsx'
import { useMyMastery } from '../api/mastery.ts'
import { LevelSteps } from './level-steps.tsx'

/**
 * The reader's subjects with their levels, compact (the dashboard places it under its own
 * heading). Each links to the subject's page, where the level is explained.
 */
export function SubjectLevels() {
  const mastery = useMyMastery()
  if (mastery.isPending) return <ShelfLoading label="Loading your levels…" rows={2} />
  if (mastery.isError)
    return <QueryError what="your levels" error={mastery.error} onRetry={() => void mastery.refetch()} />
  if (mastery.data.length === 0)
    return (
      <ShelfEmpty icon={GraduationCap} action={{ to: '/exams', label: 'Browse exams' }}>
        Take an exam to see your level in its subject, from Attempted to Mastered. Only you see it.
      </ShelfEmpty>
    )
  return (
    <ul
      className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm"
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
