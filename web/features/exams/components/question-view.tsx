import { useId } from 'react'
import type { AnswerValue, TakerQuestion } from '#common/schemas/exams.ts'
import { QUESTION_KIND_LABELS } from '#common/schemas/exams.ts'
import { countOf } from '#web/lib/format.ts'

interface QuestionViewProps {
  question: TakerQuestion
  number: number
  total: number
  value: AnswerValue | null
  /** Without it the question is shown read-only (the author's preview). */
  onChange?: (value: AnswerValue | null, debounce: boolean) => void
}

const OPTION =
  'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 text-[15px] transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600/30 has-[:disabled]:cursor-default'

/** One question as a taker answers it: the prompt, then options to choose or a box to type in. */
export function QuestionView({ question, number, total, value, onChange }: QuestionViewProps) {
  const id = useId()
  const readOnly = !onChange
  const chosen = value && 'optionIds' in value ? value.optionIds : []
  const text = value && 'text' in value ? value.text : ''
  const multiple = question.kind === 'multiple'

  const choose = (optionId: string, checked: boolean) => {
    if (!onChange) return
    const next = multiple
      ? checked
        ? [...chosen, optionId]
        : chosen.filter((id) => id !== optionId)
      : [optionId]
    onChange(next.length ? { optionIds: next } : null, false)
  }

  return (
    <fieldset className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-semibold tracking-[0.12em] text-ink-700 uppercase">
        <span>
          Question {number} of {total}
        </span>
        <span className="tracking-normal text-stone-500 normal-case">
          {QUESTION_KIND_LABELS[question.kind]} · {countOf(question.points, 'point')}
        </span>
      </p>
      <legend className="sr-only">
        Question {number}: {question.prompt}
      </legend>
      <p
        aria-hidden="true"
        className="mt-3 font-serif text-xl leading-relaxed whitespace-pre-wrap text-stone-900 sm:text-2xl"
      >
        {question.prompt}
      </p>
      {multiple && <p className="mt-2 text-sm text-stone-600">Choose every answer that applies.</p>}

      {question.kind === 'short' ? (
        <div className="mt-5 space-y-1.5">
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-stone-800">
            Your answer
          </label>
          <input
            id={`${id}-text`}
            type="text"
            value={text}
            disabled={readOnly}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange?.(event.target.value ? { text: event.target.value } : null, true)}
            className="block w-full max-w-xl rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs focus:border-ink-600 focus:ring-2 focus:ring-ink-600/20 focus:outline-none disabled:bg-stone-50"
          />
        </div>
      ) : (
        <ul className="mt-5 space-y-2.5">
          {question.options.map((option) => {
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
                    disabled={readOnly}
                    onChange={(event) => choose(option.id, event.target.checked)}
                    className="mt-1 size-4 shrink-0 accent-ink-800"
                  />
                  <span className="whitespace-pre-wrap">{option.text}</span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
