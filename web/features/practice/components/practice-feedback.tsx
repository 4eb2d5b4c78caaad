import { CheckCircle2, CircleDashed } from 'lucide-react'
import type { RefObject } from 'react'
import type { ExamPracticeCard, PracticeReviewResult } from '#common/schemas/practice.ts'
import { buttonClass } from '#web/components/ui/button.tsx'
import { dueText } from '../lib/due-text.ts'

const WITHHELD: Record<NonNullable<PracticeReviewResult['withheld']>, string> = {
  attempts_left: 'You can still attempt this exam, so practice says only right or not yet.',
  by_author: 'The exam’s author keeps the rest private.',
}

/** The right answer as the exam lets the reader see it: the options' texts, or the accepted answers. */
function rightAnswer(card: ExamPracticeCard, result: PracticeReviewResult): string | null {
  if (card.kind === 'short')
    return result.acceptedAnswers?.length ? result.acceptedAnswers.join(' or ') : null
  if (!result.correctOptionIds?.length) return null
  return card.options
    .filter((o) => result.correctOptionIds?.includes(o.id))
    .map((o) => o.text)
    .join(', ')
}

/** "Right" or "Not yet", what the exam allows of the answer, when the card comes back, and Next. */
export function PracticeFeedback({
  card,
  result,
  now,
  last,
  onNext,
  nextRef,
}: {
  card: ExamPracticeCard
  result: PracticeReviewResult
  now: number
  last: boolean
  onNext: () => void
  nextRef: RefObject<HTMLButtonElement | null>
}) {
  const answer = rightAnswer(card, result)
  return (
    <div
      className={`mt-6 rounded-xl border p-4 sm:p-5 ${result.correct ? 'border-emerald-200 bg-emerald-50' : 'border-accent-400/60 bg-accent-400/10'}`}
    >
      <p role="status" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        {result.correct ? (
          <CheckCircle2 className="size-5 text-emerald-700" aria-hidden />
        ) : (
          <CircleDashed className="size-5 text-amber-700" aria-hidden />
        )}
        {result.correct ? 'Right' : 'Not yet'}
        <span className="text-sm font-normal text-stone-600">· back {dueText(result.card.due, now)}</span>
      </p>
      {answer && !result.correct && (
        <p className="mt-2 text-[15px] text-stone-800">
          <span className="font-medium">The answer:</span> {answer}
        </p>
      )}
      {result.explanation && (
        <p className="mt-2 text-[15px] whitespace-pre-wrap text-stone-700">{result.explanation}</p>
      )}
      {result.withheld && !result.correct && (
        <p className="mt-2 text-sm text-stone-600">{WITHHELD[result.withheld]}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button ref={nextRef} type="button" className={buttonClass()} onClick={onNext}>
          {last ? 'See how it went' : 'Next card'}
        </button>
        <p className="hidden text-sm text-stone-500 sm:block">Space continues.</p>
      </div>
    </div>
  )
}
