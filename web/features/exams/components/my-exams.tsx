import { BarChart3, FilePlus2, Pencil, Trophy } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { z } from 'zod'
import { examEditorPath } from '#common/paths.ts'
import type { MyExamItem } from '#common/schemas/exams.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { countOf } from '#web/lib/format.ts'
import { useMyExams } from '../api/author-exams.ts'
import { formatPercent } from '../format.ts'
import { ExamStatsPanel } from './exam-stats-panel.tsx'
import { StatusBadge } from './exam-status.tsx'

type MyExam = z.infer<typeof MyExamItem>

function MyExamRow({ exam, initiallyOpen }: { exam: MyExam; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen)
  const panelId = useId()
  const row = useRef<HTMLLIElement>(null)
  // Opened by its address: brought into view once, as the link promised.
  useEffect(() => {
    if (initiallyOpen) row.current?.scrollIntoView?.({ block: 'start' })
  }, [initiallyOpen])
  return (
    <li ref={row} className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-serif text-lg font-semibold text-stone-900">{exam.title}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
            <StatusBadge status={exam.status} />
            <span>{countOf(exam.questionCount, 'question')}</span>
            <span aria-hidden="true">·</span>
            <span>{countOf(exam.attempts, 'attempt')}</span>
            {exam.averagePercent !== null && (
              <>
                <span aria-hidden="true">·</span>
                <span>Average {formatPercent(Math.round(exam.averagePercent))}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            aria-label={`Statistics of “${exam.title}”`}
          >
            <BarChart3 className="size-4" aria-hidden /> Stats
          </Button>
          {exam.status === 'published' && (
            <ButtonLink
              to={`/leaderboard/${exam.id}`}
              variant="ghost"
              size="sm"
              aria-label={`Leaderboard of “${exam.title}”`}
            >
              <Trophy className="size-4" aria-hidden /> Leaderboard
            </ButtonLink>
          )}
          <ButtonLink
            to={examEditorPath(exam.id)}
            variant="secondary"
            size="sm"
            aria-label={`Edit “${exam.title}”`}
          >
            <Pencil className="size-4" aria-hidden /> Edit
          </ButtonLink>
        </div>
      </div>
      {exam.status === 'rejected' && exam.rejectionReason && (
        <p className="mt-2 text-sm text-red-800">Sent back: {exam.rejectionReason}</p>
      )}
      {open && (
        <div className="mt-4 border-t border-stone-100 pt-4">
          <ExamStatsPanel examId={exam.id} id={panelId} />
        </div>
      )}
    </li>
  )
}

/** The exams I wrote, with where each stands and its statistics one click away (`openStats`: already open). */
export function MyExams({ openStats = null }: { openStats?: string | null }) {
  const exams = useMyExams()
  const items = exams.data?.pages.flatMap((page) => page.items) ?? []

  if (exams.isPending)
    return (
      <div className="flex justify-center py-16 text-ink-700">
        <Spinner size="lg" label="Loading your exams…" />
      </div>
    )
  if (!exams.data)
    return <QueryError what="your exams" error={exams.error} onRetry={() => void exams.refetch()} />
  if (items.length === 0)
    return (
      <EmptyState
        icon={<FilePlus2 className="size-8" aria-hidden />}
        title="You have not written an exam yet"
      >
        <p>Questions, answers, a clock and a pass mark: readers test themselves, and you see how they did.</p>
        <ButtonLink to="/postexam" className="mt-4">
          Create an exam
        </ButtonLink>
      </EmptyState>
    )
  return (
    <div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
        {items.map((exam) => (
          <MyExamRow key={exam.id} exam={exam} initiallyOpen={exam.id === openStats} />
        ))}
      </ul>
      <LoadMore pages={exams} />
    </div>
  )
}
