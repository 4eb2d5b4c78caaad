import { useId } from 'react'
import { useFormContext } from 'react-hook-form'
import { REVIEW_TIMING_LABELS, REVIEW_TIMINGS, type ReviewPart } from '#common/schemas/exam-review.ts'
import type { ExamFormInput } from '../lib/builder-model.ts'

const PARTS: Array<{ part: ReviewPart; label: string; hint: string }> = [
  {
    part: 'correctness',
    label: 'Marks for each question',
    hint: 'Whether each answer was right, and its points. Shown while takers can try again, it gives true/false answers away.',
  },
  {
    part: 'answers',
    label: 'Right answers',
    hint: 'The correct options and the accepted short answers.',
  },
  {
    part: 'explanations',
    label: 'Explanations',
    hint: 'What you wrote under each question.',
  },
]

const SELECT =
  'block w-full rounded-lg border bg-white px-3 py-2 text-[15px] shadow-xs focus:outline-none focus:ring-2'
const selectClass = (error?: string) =>
  `${SELECT} ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

/**
 * The builder's review options (Moodle's, simplified): when takers see each part of their
 * attempt's review. The score and their own answers are always shown after each attempt.
 */
export function ReviewOptionsFields() {
  const id = useId()
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ExamFormInput>()
  const unlimited = watch('attemptsAllowed') === null
  const waitsForLast = PARTS.some(({ part }) => watch(`review.${part}`) === 'after_last_attempt')
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        After an attempt
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Takers always see their score and their own answers after each attempt. Choose when they see the rest:
        anything shown while they can still try again helps their next attempt.
      </p>
      <div className="mt-5 divide-y divide-stone-100">
        {PARTS.map(({ part, label, hint }) => {
          const error = errors.review?.[part]?.message
          const fieldId = `${id}-${part}`
          return (
            <div
              key={part}
              className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[1fr_14rem] sm:gap-6"
            >
              <div>
                <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
                  {label}
                </label>
                <p id={`${fieldId}-hint`} className="mt-0.5 text-sm text-stone-500">
                  {hint}
                </p>
              </div>
              <div className="space-y-1.5">
                <select
                  id={fieldId}
                  className={selectClass(error)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
                  {...register(`review.${part}`)}
                >
                  {REVIEW_TIMINGS.map((timing) => (
                    <option key={timing} value={timing}>
                      {REVIEW_TIMING_LABELS[timing]}
                    </option>
                  ))}
                </select>
                {error && (
                  <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
            </div>
          )
        })}
      </div>
      {unlimited && waitsForLast && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          With unlimited attempts there is no last attempt: what waits for it is never shown.
        </p>
      )}
    </section>
  )
}
