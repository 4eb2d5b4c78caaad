import { Flag } from 'lucide-react'
import type { TakerQuestion } from '#common/schemas/exams.ts'
import { type AnswerEntry, isAnswered } from '../lib/use-answer-saver.ts'

/** "Question 3, answered, flagged": what a palette button says to a screen reader. */
export function paletteLabel(number: number, entry: AnswerEntry | undefined) {
  return [`Question ${number}`, isAnswered(entry) ? 'answered' : 'unanswered', entry?.flagged && 'flagged']
    .filter(Boolean)
    .join(', ')
}

interface QuestionPaletteProps {
  questions: TakerQuestion[]
  answers: Record<string, AnswerEntry>
  current: number
  onGo: (index: number) => void
}

/** Every question's number, showing answered, unanswered and flagged at a glance; a button to go to each. */
export function QuestionPalette({ questions, answers, current, onGo }: QuestionPaletteProps) {
  const answered = questions.filter((q) => isAnswered(answers[q.id])).length
  const flagged = questions.filter((q) => answers[q.id]?.flagged).length
  return (
    <nav aria-label="Questions" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-stone-900">Questions</h2>
        <p className="text-xs text-stone-500 tabular-nums">
          {answered} of {questions.length} answered
        </p>
      </div>
      <ol className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-1.5">
        {questions.map((question, index) => {
          const entry = answers[question.id]
          const done = isAnswered(entry)
          const here = index === current
          return (
            <li key={question.id}>
              <button
                type="button"
                onClick={() => onGo(index)}
                aria-label={paletteLabel(index + 1, entry)}
                aria-current={here ? 'step' : undefined}
                className={`relative flex h-10 w-full items-center justify-center rounded-lg text-sm font-semibold tabular-nums transition-colors focus-visible:ring-2 focus-visible:ring-ink-600/40 focus-visible:outline-none ${done ? 'bg-ink-900 text-white hover:bg-ink-800' : 'bg-white text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100'} ${here ? 'outline-2 outline-offset-2 outline-accent-500' : ''}`}
              >
                {index + 1}
                {entry?.flagged && (
                  <Flag
                    aria-hidden
                    className="absolute -top-1 -right-1 size-3.5 rounded-full bg-white fill-amber-500 p-px text-amber-600"
                  />
                )}
              </button>
            </li>
          )
        })}
      </ol>
      <ul aria-label="Key" className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-stone-600">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded bg-ink-900" /> Answered
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded ring-1 ring-stone-300 ring-inset" /> Unanswered
        </li>
        <li className="flex items-center gap-1.5">
          <Flag aria-hidden className="size-3 fill-amber-500 text-amber-600" /> Flagged ({flagged})
        </li>
      </ul>
    </nav>
  )
}
