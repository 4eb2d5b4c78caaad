import type { ExamReviewItem } from '#common/schemas/exams.ts'
import { Dot, ReviewEntry, Submitted } from '#web/components/review-queue/review-entry.tsx'
import { ReviewQueue } from '#web/components/review-queue/review-queue.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { subjectLabel } from '#web/data/subjects.ts'
import { countOf } from '#web/lib/format.ts'
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
  const approve = useApproveExam()
  const reject = useRejectExam()
  return (
    <ReviewEntry
      badge="Exam"
      meta={
        <>
          <span>{subjectLabel(exam.subjectSlug)}</span>
          <Dot />
          <Submitted at={exam.updatedAt} />
        </>
      }
      title={exam.title}
      author={exam.author.name}
      summary={
        <>
          {countOf(exam.questionCount, 'question')} · {formatMinutes(exam.durationMinutes)} · pass mark{' '}
          {exam.passMark}% · {attemptsLabel(exam.attemptsAllowed)}
        </>
      }
      contents={{
        show: 'Read the questions',
        hide: 'Hide questions',
        label: `Questions of ${exam.title}`,
        render: () => <ExamQuestions examId={exam.id} />,
      }}
      approving={approve.isPending}
      onApprove={() => approve.mutate({ examId: exam.id, title: exam.title })}
      rejection={{
        description: 'The author sees your reason in the builder, can fix the exam and submit it again.',
        placeholder: 'For example: question 4 has two right answers',
      }}
      rejecting={reject.isPending}
      onReject={(reason, done) =>
        reject.mutate({ examId: exam.id, title: exam.title, reason }, { onSuccess: done })
      }
    />
  )
}

/** The admins' queue of exams waiting for a decision (to sit in /pending beside the posts' queue). */
export function ExamReviewQueue() {
  return (
    <ReviewQueue
      id="exam-review-title"
      title="Exams to review"
      description="Exams writers have submitted, the longest-waiting first."
      query={useExamReviewQueue()}
      loadingLabel="Loading the exams to review…"
      emptyTitle="No exams waiting"
    >
      {(exam) => <ExamReviewEntry key={exam.id} exam={exam} />}
    </ReviewQueue>
  )
}
