import { useId, useState } from 'react'
import type { ExamReviewItem } from '#common/schemas/exams.ts'
import { RejectDialog } from '#web/components/reject-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { ReviewQueueSection } from '#web/components/ui/review-queue-section.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf, formatDate } from '#web/lib/format.ts'
import { useAuthorExam } from '../api/author-exams.ts'
import { useApproveExam, useExamReviewQueue, useRejectExam } from '../api/review.ts'
import { attemptsLabel, formatMinutes } from '../format.ts'

/** The reviewer reads the questions with their answers marked, as the author wrote them. */
function ExamQuestions({ examId }: { examId: string }) {
  const full = useAuthorExam(examId)
  if (full.isPending) return <Spinner label="Loading the questions…" />
  if (full.error) return <Alert>We couldn't load the questions. {full.error.message}</Alert>
  const exam = full.data
  return (
    <>
      {exam.instructions && (
        <p className="mb-4 text-sm whitespace-pre-wrap text-stone-600">{exam.instructions}</p>
      )}
      <ol className="space-y-4">
        {exam.questions.map((question, index) => (
          <li key={question.id} className="text-sm">
            <p className="font-medium text-stone-900">
              {index + 1}. {question.prompt}{' '}
              <span className="font-normal text-stone-500">({countOf(question.points, 'point')})</span>
            </p>
            {question.kind === 'short' ? (
              <p className="mt-1 text-stone-700">Accepted: {question.acceptedAnswers.join(' · ')}</p>
            ) : (
              <ul className="mt-1 space-y-0.5">
                {question.options.map((option) => {
                  const right = question.correctOptionIds.includes(option.id)
                  return (
                    <li key={option.id} className={right ? 'font-medium text-emerald-800' : 'text-stone-700'}>
                      {right ? '✓ ' : '· '}
                      {option.text}
                      {right && <span className="sr-only"> (correct)</span>}
                    </li>
                  )
                })}
              </ul>
            )}
            {question.explanation && <p className="mt-1 text-stone-500 italic">{question.explanation}</p>}
          </li>
        ))}
      </ol>
    </>
  )
}

function ExamReviewEntry({ exam }: { exam: ExamReviewItem }) {
  const [open, setOpen] = useState(false)
  const [rejecting, setRejecting] = useState(false)
  const approve = useApproveExam()
  const reject = useRejectExam()
  const id = useId()
  const busy = approve.isPending || reject.isPending
  return (
    <li
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
        <span className="rounded-full bg-ink-50 px-2.5 py-0.5 font-medium text-ink-800">Exam</span>
        <span>{subjectLabel(exam.subjectSlug)}</span>
        <span aria-hidden="true">·</span>
        <span>
          Submitted <time dateTime={exam.updatedAt}>{formatDate(exam.updatedAt)}</time>
        </span>
      </div>
      <h3 id={`${id}-title`} className="mt-2 font-serif text-xl font-semibold text-stone-900">
        {exam.title}
      </h3>
      <p className="mt-1 text-sm text-stone-600">by {exam.author.name}</p>
      <p className="mt-2 text-sm text-stone-600">
        {countOf(exam.questionCount, 'question')} · {formatMinutes(exam.durationMinutes)} · pass mark{' '}
        {exam.passMark}% · {attemptsLabel(exam.attemptsAllowed)}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-questions`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide questions' : 'Read the questions'}
        </Button>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" onClick={() => setRejecting(true)} disabled={busy}>
          Reject
        </Button>
        <Button
          size="sm"
          busy={approve.isPending}
          disabled={busy}
          onClick={() => approve.mutate({ examId: exam.id, title: exam.title })}
        >
          Approve
        </Button>
      </div>
      {open && (
        <section
          id={`${id}-questions`}
          aria-label={`Questions of ${exam.title}`}
          className="mt-5 border-t border-stone-200 pt-5"
        >
          <ExamQuestions examId={exam.id} />
        </section>
      )}
      {rejecting && (
        <RejectDialog
          title={exam.title}
          description="The author sees your reason in the builder, can fix the exam and submit it again."
          placeholder="For example: question 4 has two right answers"
          busy={reject.isPending}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) =>
            reject.mutate(
              { examId: exam.id, title: exam.title, reason },
              { onSuccess: () => setRejecting(false) },
            )
          }
        />
      )}
    </li>
  )
}

/** The admins' queue of exams waiting for a decision (to sit in /pending beside the posts' queue). */
export function ExamReviewQueue() {
  return (
    <ReviewQueueSection
      id="exam-review-title"
      title="Exams to review"
      description="Exams writers have submitted, the longest-waiting first."
      query={useExamReviewQueue()}
      loadingLabel="Loading the exams to review…"
      emptyTitle="No exams waiting"
    >
      {(exam) => <ExamReviewEntry key={exam.id} exam={exam} />}
    </ReviewQueueSection>
  )
}
