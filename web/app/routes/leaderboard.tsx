import { ArrowLeft, Trophy } from 'lucide-react'
import { useParams } from 'react-router'
import { LEADERBOARD_SIZE } from '#common/constants.ts'

import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { useLeaderboard } from '#web/features/exams/api/results.ts'
import { ExamLoadError } from '#web/features/exams/components/exam-load-error.tsx'
import { LeaderboardTable } from '#web/features/exams/components/leaderboard-table.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { countOf } from '#web/lib/format.ts'

/** /leaderboard/:examId: the best attempt per person, top 100, my place highlighted; kept fresh while open. */
export default function LeaderboardPage() {
  const { examId = '' } = useParams()
  const board = useLeaderboard(examId)
  useDocumentTitle(board.data ? `Leaderboard: ${board.data.exam.title}` : 'Leaderboard')

  if (board.isPending) return <ScreenSpinner label="Loading the leaderboard…" />
  if (!board.data)
    return <ExamLoadError error={board.error} what="the leaderboard" onRetry={() => void board.refetch()} />

  const { exam, rows, me, total } = board.data
  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
          Leaderboard · {subjectLabel(exam.subjectSlug)}
        </p>
        <h1 className="mt-2 font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{exam.title}</h1>
        <p className="mt-2 text-stone-600">
          {countOf(total, 'person', 'people')} on the board · best attempt each, by score then time
          {total > LEADERBOARD_SIZE && ` · top ${LEADERBOARD_SIZE} shown`}
        </p>
        {me && (
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-accent-400/20 px-3 py-1 text-sm font-medium text-stone-900">
            <Trophy className="size-4" aria-hidden /> You are number {me.rank} of {total}
          </p>
        )}
      </header>
      {rows.length === 0 ? (
        <EmptyState icon={<Trophy className="size-8" aria-hidden />} title="Nobody on the board yet">
          <p>Be the first: take the exam and your best score appears here.</p>
          <ButtonLink to={`/examroom/${exam.id}`} className="mt-4">
            Take the exam
          </ButtonLink>
        </EmptyState>
      ) : (
        <LeaderboardTable rows={rows} me={me} />
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <ButtonLink to={`/examresults/${exam.id}`} variant="secondary">
          <ArrowLeft className="size-4" aria-hidden /> My results
        </ButtonLink>
        <ButtonLink to="/exams" variant="ghost">
          Exams Room
        </ButtonLink>
      </div>
    </div>
  )
}
