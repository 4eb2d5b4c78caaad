import { Link } from 'react-router'
import { postPath } from '#common/paths.ts'
import { type FlashcardPracticeCard, PRACTICE_GRADES, type PracticeGrade } from '#common/schemas/practice.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { dueText } from '../lib/due-text.ts'

const GRADE_LABELS: Record<PracticeGrade, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
}
const GRADE_STYLES: Record<PracticeGrade, string> = {
  again: 'border-red-200 hover:border-red-300 hover:bg-red-50',
  hard: 'border-amber-200 hover:border-amber-300 hover:bg-amber-50',
  good: 'border-emerald-200 hover:border-emerald-300 hover:bg-emerald-50',
  easy: 'border-sky-200 hover:border-sky-300 hover:bg-sky-50',
}

interface FlashcardQuestionProps {
  card: FlashcardPracticeCard
  revealed: boolean
  /** The grade the server is taking, if any: every button waits. */
  grading: PracticeGrade | null
  now: number
  onReveal: () => void
  onGrade: (grade: PracticeGrade) => void
}

/**
 * A lesson's Key idea (decision 052): its front; Show answer (or Space) turns it to its back, then
 * the reader grades it Again, Hard, Good or Easy (keys 1–4), each saying when the card comes back.
 */
export function FlashcardQuestion({
  card,
  revealed,
  grading,
  now,
  onReveal,
  onGrade,
}: FlashcardQuestionProps) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
        Key idea
        <span className="tracking-normal text-stone-500 normal-case">
          {' · from '}
          <Link
            to={postPath(card.lesson.authorId, card.lesson.slug)}
            className="underline hover:text-ink-800"
          >
            {card.lesson.title}
          </Link>
        </span>
      </p>
      <p className="mt-3 font-serif text-xl leading-relaxed whitespace-pre-wrap text-stone-900 sm:text-2xl">
        {card.front}
      </p>
      {!revealed ? (
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button onClick={onReveal}>Show answer</Button>
          <p className="hidden text-sm text-stone-500 sm:block">Space shows the answer.</p>
        </div>
      ) : (
        <>
          <div className="mt-5 border-t border-stone-200 pt-5">
            <h3 className="sr-only">Answer</h3>
            <p className="text-[17px] leading-relaxed whitespace-pre-wrap text-stone-800">{card.back}</p>
          </div>
          <fieldset className="mt-6" disabled={grading !== null}>
            <legend className="text-sm font-medium text-stone-800">How well did you remember it?</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {PRACTICE_GRADES.map((grade, i) => (
                <button
                  key={grade}
                  type="button"
                  onClick={() => onGrade(grade)}
                  aria-keyshortcuts={String(i + 1)}
                  className={`flex flex-col items-center rounded-xl border bg-white px-3 py-2.5 text-stone-900 transition-colors disabled:cursor-default disabled:opacity-60 ${GRADE_STYLES[grade]}`}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {grading === grade && <Spinner size="sm" />}
                    {GRADE_LABELS[grade]}
                    <span
                      aria-hidden="true"
                      className="hidden rounded border border-stone-300 bg-stone-50 px-1.5 font-sans text-xs leading-5 text-stone-500 sm:inline"
                    >
                      {i + 1}
                    </span>
                  </span>
                  <span className="text-xs text-stone-600">{dueText(card.nextDue[grade] ?? '', now)}</span>
                </button>
              ))}
            </div>
          </fieldset>
          <p className="mt-3 hidden text-sm text-stone-500 sm:block">Keys 1–4 grade.</p>
        </>
      )}
    </div>
  )
}
