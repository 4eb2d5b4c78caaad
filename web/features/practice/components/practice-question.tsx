import { type FormEvent, type RefObject, useId } from 'react'
import { QUESTION_KIND_LABELS } from '#common/schemas/exams.ts'
import type { ExamPracticeCard } from '#common/schemas/practice.ts'
import { Button } from '#web/components/ui/button.tsx'

const OPTION =
  'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-[15px] transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600/30 has-[:disabled]:cursor-default'

interface PracticeQuestionProps {
  card: ExamPracticeCard
  chosen: string[]
  text: string
  /** While checking, and in feedback: the answer stays as given. */
  locked: boolean
  checking: boolean
  onChoose: (optionId: string) => void
  onType: (text: string) => void
  onCheck: () => void
  /** Where focus goes when the card opens: the text box for a short answer. */
  textRef: RefObject<HTMLInputElement | null>
}

/** A card as asked again: the prompt, then its options (numbered for the keys) or a box to type in. */
export function PracticeQuestion({
  card,
  chosen,
  text,
  locked,
  checking,
  onChoose,
  onType,
  onCheck,
  textRef,
}: PracticeQuestionProps) {
  const id = useId()
  const multiple = card.kind === 'multiple'
  const canCheck = card.kind === 'short' ? text.trim() !== '' : chosen.length > 0
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canCheck && !locked) onCheck()
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="min-w-0" disabled={locked}>
        <legend className="sr-only">{card.prompt}</legend>
        <p className="text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
          {QUESTION_KIND_LABELS[card.kind]}
          {card.exam && (
            <span className="tracking-normal text-stone-500 normal-case"> · from {card.exam.title}</span>
          )}
        </p>
        <p
          aria-hidden="true"
          className="mt-3 font-serif text-xl leading-relaxed whitespace-pre-wrap text-stone-900 sm:text-2xl"
        >
          {card.prompt}
        </p>
        {multiple && <p className="mt-2 text-sm text-stone-600">Choose every answer that applies.</p>}

        {card.kind === 'short' ? (
          <div className="mt-5 space-y-1.5">
            <label htmlFor={`${id}-text`} className="block text-sm font-medium text-stone-800">
              Your answer
            </label>
            <input
              ref={textRef}
              id={`${id}-text`}
              type="text"
              value={text}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => onType(event.target.value)}
              className="block w-full max-w-xl rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none disabled:bg-stone-50"
            />
          </div>
        ) : (
          <ul className="mt-5 space-y-2.5">
            {card.options.map((option, i) => {
              const checked = chosen.includes(option.id)
              return (
                <li key={option.id}>
                  <label
                    className={`${OPTION} ${checked ? 'border-ink-700 bg-ink-50 text-stone-900' : 'border-stone-200 bg-white text-stone-800 hover:border-stone-300'}`}
                  >
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`${id}-answer`}
                      value={option.id}
                      checked={checked}
                      onChange={() => onChoose(option.id)}
                      className="mt-1 size-4 shrink-0 accent-ink-800"
                    />
                    <span className="min-w-0 flex-1 whitespace-pre-wrap">{option.text}</span>
                    {i < 9 && (
                      <span
                        aria-hidden="true"
                        className="hidden rounded border border-stone-300 bg-stone-50 px-1.5 font-sans text-xs leading-5 text-stone-500 sm:inline"
                      >
                        {i + 1}
                      </span>
                    )}
                  </label>
                </li>
              )
            })}
          </ul>
        )}
      </fieldset>
      {(!locked || checking) && (
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" disabled={!canCheck} busy={checking}>
            Check
          </Button>
          <p className="hidden text-sm text-stone-500 sm:block">
            {card.kind === 'short'
              ? 'Enter checks.'
              : `Keys 1–${Math.min(card.options.length, 9)} choose; Space or Enter checks.`}
          </p>
        </div>
      )}
    </form>
  )
}
