import { ClipboardList, EyeOff, Repeat, Timer, Trophy } from 'lucide-react'
import { useParams } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { DataTable } from '#web/components/ui/table.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { useExamResults } from '#web/features/exams/api/results.ts'
import { AttemptReview } from '#web/features/exams/components/attempt-review.tsx'
import { ExamLoadError } from '#web/features/exams/components/exam-load-error.tsx'
import { ResultBadge } from '#web/features/exams/components/result-badge.tsx'
import { formatDuration, formatPercent, formatScore } from '#web/features/exams/format.ts'
import { disclosureNotes } from '#web/features/exams/lib/disclosure-notes.ts'
import { SubjectMastery } from '#web/features/mastery/components/subject-mastery.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { formatDateTime } from '#web/lib/format.ts'

/**
 * /examresults/:examId: my attempts at an exam, and the latest one reviewed question by question,
 * with what the exam's review options keep back for now and when it comes.
 */
export default function ExamResultsPage() {
  const { examId = '' } = useParams()
  const results = useExamResults(examId)
  useDocumentTitle(results.data ? `Results: ${results.data.exam.title}` : 'Exam results')

  if (results.isPending) return <ScreenSpinner label="Loading your results…" />
  if (results.error)
    return <ExamLoadError error={results.error} what="your results" onRetry={() => void results.refetch()} />

  const { exam, attempts, review, disclosure } = results.data
  const latest = attempts[0]
  const notes = disclosureNotes(disclosure)
  const reviewed = review && attempts.find((attempt) => attempt.id === review.attemptId)
  const canRetry = exam.attemptsAllowed === null || attempts.length < exam.attemptsAllowed

  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header>
        <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
          Results · {subjectLabel(exam.subjectSlug)}
        </p>
        <h1 className="mt-2 font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{exam.title}</h1>
      </header>

      {!latest ? (
        <EmptyState icon={<ClipboardList className="size-8" aria-hidden />} title="No finished attempt yet">
          <p>Your score and your answers appear here once you hand in an attempt.</p>
          <ButtonLink to={`/examroom/${exam.id}`} className="mt-4">
            Go to the exam
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <section
            aria-labelledby="latest-title"
            className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="latest-title" className="text-sm font-semibold text-stone-600">
              Attempt {latest.number}
            </h2>
            <div className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-3">
              <p className="font-serif text-6xl font-semibold text-stone-900 tabular-nums">
                {formatPercent(latest.percent)}
              </p>
              <div className="space-y-1.5 pb-2">
                <ResultBadge passed={latest.passed} />
                <p className="text-sm text-stone-600">
                  {formatScore(latest.score)} of {formatScore(latest.maxScore)} points · pass mark{' '}
                  {formatPercent(exam.passMark)}
                </p>
              </div>
            </div>
            <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
              <Timer className="size-4" aria-hidden /> {formatDuration(latest.durationSeconds)}
              {latest.autoSubmitted && (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
                  Handed in when time ran out
                </span>
              )}
            </p>
            <div className="mt-6 flex flex-wrap gap-2">
              <ButtonLink to={`/leaderboard/${exam.id}`}>
                <Trophy className="size-4" aria-hidden /> Leaderboard
              </ButtonLink>
              {canRetry && (
                <ButtonLink to={`/examroom/${exam.id}`} variant="secondary">
                  <Repeat className="size-4" aria-hidden /> Try again
                </ButtonLink>
              )}
            </div>
          </section>

          <SubjectMastery slug={exam.subjectSlug} name={subjectLabel(exam.subjectSlug)} />

          {attempts.length > 1 && (
            <section aria-labelledby="attempts-title">
              <h2 id="attempts-title" className="text-lg font-semibold">
                All my attempts
              </h2>
              <div className="mt-3">
                <DataTable
                  caption="My attempts, first to last"
                  columns={[
                    { label: 'Attempt' },
                    { label: 'Score' },
                    { label: 'Result' },
                    { label: 'Time taken' },
                    { label: 'Handed in' },
                  ]}
                >
                  {attempts.map((attempt) => (
                    <tr key={attempt.id}>
                      <td className="px-4 py-2.5 font-medium">{attempt.number}</td>
                      <td className="px-4 py-2.5 whitespace-nowrap tabular-nums">
                        {formatScore(attempt.score)}/{formatScore(attempt.maxScore)} ·{' '}
                        {formatPercent(attempt.percent)}
                      </td>
                      <td className="px-4 py-2.5">
                        <ResultBadge passed={attempt.passed} />
                      </td>
                      <td className="px-4 py-2.5 whitespace-nowrap">
                        {formatDuration(attempt.durationSeconds)}
                        {attempt.autoSubmitted && <span className="text-stone-500"> (time ran out)</span>}
                      </td>
                      <td className="px-4 py-2.5 whitespace-nowrap text-stone-600">
                        <time dateTime={attempt.submittedAt}>{formatDateTime(attempt.submittedAt)}</time>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            </section>
          )}

          {review && (
            <section aria-labelledby="review-title">
              <h2 id="review-title" className="text-lg font-semibold">
                Your answers
              </h2>
              {reviewed && (
                <p className="mt-1 text-sm text-stone-600">
                  Attempt {reviewed.number}, question by question.
                </p>
              )}
              {notes.length > 0 && (
                <div className="mt-4 flex gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700">
                  <EyeOff className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden />
                  <div className="space-y-1">
                    {notes.map((note) => (
                      <p key={note}>{note}</p>
                    ))}
                  </div>
                </div>
              )}
              <div className="mt-4">
                <AttemptReview questions={review.questions} />
              </div>
            </section>
          )}
        </>
      )}
    </div>
  )
}
