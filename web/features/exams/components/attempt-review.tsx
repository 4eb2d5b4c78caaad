import { Check, CheckCircle2, CircleMinus, X, XCircle } from 'lucide-react'
import type { ReviewedQuestion } from '#common/schemas/exams.ts'
import { QUESTION_KIND_LABELS } from '#common/schemas/exams.ts'
import { formatPoints, formatScore } from '../format.ts'

type Outcome = 'correct' | 'partial' | 'incorrect'
/** Null when the exam's review options do not show marks yet. */
const outcomeOf = (q: ReviewedQuestion): Outcome | null =>
  q.correct === undefined ? null : q.correct ? 'correct' : (q.earned ?? 0) > 0 ? 'partial' : 'incorrect'

const OUTCOMES: Record<Outcome, { label: string; icon: typeof Check; className: string; border: string }> = {
  correct: {
    label: 'Correct',
    icon: CheckCircle2,
    className: 'bg-emerald-50 text-emerald-800',
    border: 'border-l-emerald-600',
  },
  partial: {
    label: 'Partly correct',
    icon: CircleMinus,
    className: 'bg-amber-50 text-amber-900',
    border: 'border-l-amber-500',
  },
  incorrect: {
    label: 'Incorrect',
    icon: XCircle,
    className: 'bg-red-50 text-red-800',
    border: 'border-l-red-600',
  },
}

/** The options with mine marked; right and wrong only when the right answers are shown. */
function Options({ question }: { question: ReviewedQuestion }) {
  const mine = question.myAnswer && 'optionIds' in question.myAnswer ? question.myAnswer.optionIds : []
  const key = question.correctOptionIds
  return (
    <ul className="mt-4 space-y-2">
      {question.options.map((option) => {
        const chosen = mine.includes(option.id)
        const right = key?.includes(option.id) ?? false
        const wrong = chosen && key !== undefined && !right
        return (
          <li
            key={option.id}
            className={`flex flex-wrap items-center gap-2 rounded-xl border px-4 py-2.5 text-[15px] ${right ? 'border-emerald-300 bg-emerald-50/60' : wrong ? 'border-red-300 bg-red-50/60' : chosen ? 'border-ink-200 bg-ink-50/60' : 'border-stone-200'}`}
          >
            {right ? (
              <Check className="size-4 text-emerald-700" aria-hidden />
            ) : wrong ? (
              <X className="size-4 text-red-700" aria-hidden />
            ) : (
              <span className="size-4" aria-hidden="true" />
            )}
            <span className="flex-1">{option.text}</span>
            {chosen && (
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300">
                Your answer
              </span>
            )}
            {right && (
              <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                Correct answer
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The latest submitted attempt, question by question: my answer always; the mark, the right
 * answer and why only as far as the server sent them (the exam's review options).
 */
export function AttemptReview({ questions }: { questions: ReviewedQuestion[] }) {
  return (
    <ol className="space-y-4">
      {questions.map((question, index) => {
        const found = outcomeOf(question)
        const outcome = found && OUTCOMES[found]
        const Icon = outcome?.icon
        const myText = question.myAnswer && 'text' in question.myAnswer ? question.myAnswer.text : null
        return (
          <li
            key={question.id}
            aria-label={outcome ? `Question ${index + 1}: ${outcome.label}` : `Question ${index + 1}`}
            className={`rounded-2xl border border-l-4 border-stone-200 bg-white p-5 shadow-sm sm:p-6 ${outcome?.border ?? 'border-l-stone-300'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
                Question {index + 1}{' '}
                <span className="tracking-normal text-stone-500 normal-case">
                  · {QUESTION_KIND_LABELS[question.kind]}
                </span>
              </p>
              {outcome && Icon ? (
                <span
                  className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold ${outcome.className}`}
                >
                  <Icon className="size-4" aria-hidden /> {outcome.label} ·{' '}
                  {formatScore(question.earned ?? 0)}/{question.points}
                </span>
              ) : (
                <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm font-medium text-stone-700">
                  {formatPoints(question.points)}
                </span>
              )}
            </div>
            <p className="mt-3 font-serif text-lg leading-relaxed whitespace-pre-wrap text-stone-900">
              {question.prompt}
            </p>
            {question.kind === 'short' ? (
              <dl className="mt-4 grid gap-2 text-[15px] sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-stone-600">Your answer</dt>
                <dd className={myText ? 'text-stone-900' : 'text-stone-500 italic'}>
                  {myText || 'No answer'}
                </dd>
                {question.acceptedAnswers && (
                  <>
                    <dt className="font-medium text-stone-600">Accepted answers</dt>
                    <dd className="text-emerald-800">{question.acceptedAnswers.join(' · ')}</dd>
                  </>
                )}
              </dl>
            ) : (
              <>
                {!question.myAnswer && (
                  <p className="mt-3 text-sm text-stone-500 italic">You did not answer this question.</p>
                )}
                <Options question={question} />
              </>
            )}
            {question.explanation && (
              <div className="mt-4 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
                <p className="font-semibold text-stone-900">Why</p>
                <p className="mt-1 whitespace-pre-wrap">{question.explanation}</p>
              </div>
            )}
          </li>
        )
      })}
    </ol>
  )
}
