import { useId } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import {
  EXAM_ATTEMPTS_MAX,
  EXAM_DESCRIPTION_MAX_LENGTH,
  EXAM_DURATION_MAX,
  EXAM_DURATION_MIN,
} from '#common/constants.ts'

import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import type { ExamFormInput } from '../lib/builder-model.ts'

const ATTEMPT_CHOICES = Array.from({ length: EXAM_ATTEMPTS_MAX }, (_, i) => i + 1)

const LABEL = 'block text-sm font-medium text-stone-800'
const SELECT =
  'block w-full rounded-lg border bg-white px-3 py-2 text-[15px] shadow-xs focus:outline-none focus:ring-2'
const selectClass = (error?: string) =>
  `${SELECT} ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

/** The builder's settings: what the exam is, how long, how it is passed, how questions are drawn. */
export function ExamSettingsFields({ questionCount }: { questionCount: number }) {
  const id = useId()
  const subjects = useSubjects()
  const form = useFormContext<ExamFormInput>()
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form
  const drawCount = watch('drawCount')
  const subjectSlug = watch('subjectSlug')
  const drawing = drawCount !== null && drawCount !== undefined
  return (
    <section
      aria-labelledby={`${id}-settings`}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-settings`} className="text-lg font-semibold">
        Settings
      </h2>
      <div className="mt-5 grid gap-5">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextArea
          label="Description"
          rows={2}
          hint={`Shown on the exam's card · up to ${EXAM_DESCRIPTION_MAX_LENGTH} characters`}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-subject`} className={LABEL}>
            Subject
          </label>
          <select
            id={`${id}-subject`}
            className={selectClass(errors.subjectSlug?.message)}
            aria-invalid={errors.subjectSlug ? true : undefined}
            aria-describedby={errors.subjectSlug ? `${id}-subject-error` : undefined}
            {...register('subjectSlug')}
            // Controlled: the subjects arrive after the form, and the saved one must show once they do.
            // Until then the select shows its one option: a value it does not have would leave
            // nothing selected, and the form would read that as the author's choice.
            value={subjects.data ? (subjectSlug ?? '') : ''}
          >
            <option value="">{subjects.isPending ? 'Loading subjects…' : 'Choose a subject…'}</option>
            {subjects.data?.map((subject) => (
              <option key={subject.slug} value={subject.slug}>
                {subject.name}
              </option>
            ))}
          </select>
          {errors.subjectSlug && (
            <p id={`${id}-subject-error`} role="alert" className="text-sm text-red-700">
              {errors.subjectSlug.message}
            </p>
          )}
        </div>
        <TextArea
          label="Instructions"
          rows={3}
          hint="What takers read before they start: allowed materials, how to answer…"
          error={errors.instructions?.message}
          {...register('instructions')}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            label="Duration (minutes)"
            type="number"
            inputMode="numeric"
            min={EXAM_DURATION_MIN}
            max={EXAM_DURATION_MAX}
            hint={`${EXAM_DURATION_MIN}–${EXAM_DURATION_MAX} minutes`}
            error={errors.durationMinutes?.message}
            {...register('durationMinutes', { valueAsNumber: true })}
          />
          <TextField
            label="Pass mark (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            error={errors.passMark?.message}
            {...register('passMark', { valueAsNumber: true })}
          />
          <Controller
            control={control}
            name="attemptsAllowed"
            render={({ field, fieldState }) => (
              <div className="space-y-1.5">
                <label htmlFor={`${id}-attempts`} className={LABEL}>
                  Attempts per person
                </label>
                <select
                  id={`${id}-attempts`}
                  className={selectClass(fieldState.error?.message)}
                  value={field.value === null || field.value === undefined ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
                  onBlur={field.onBlur}
                >
                  {ATTEMPT_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                  <option value="">Unlimited</option>
                </select>
              </div>
            )}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className={LABEL}>Order and selection</legend>
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-stone-800">
            <input type="checkbox" className="accent-ink-800" {...register('shuffleQuestions')} />
            Shuffle the questions for each attempt
          </label>
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-stone-800">
            <input type="checkbox" className="accent-ink-800" {...register('shuffleOptions')} />
            Shuffle the options within each question
          </label>
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-stone-800">
            <input
              type="checkbox"
              className="accent-ink-800"
              checked={drawing}
              onChange={(event) =>
                form.setValue('drawCount', event.target.checked ? Math.max(1, questionCount - 1) : null, {
                  shouldDirty: true,
                })
              }
            />
            Draw a random set of questions for each attempt
          </label>
          {drawing && (
            <div className="max-w-xs pl-7">
              <TextField
                label={`Questions to draw (of ${questionCount})`}
                type="number"
                inputMode="numeric"
                min={1}
                max={questionCount}
                error={errors.drawCount?.message}
                {...register('drawCount', { setValueAs: (v) => (v === '' ? 0 : Number(v)) })}
              />
            </div>
          )}
        </fieldset>
      </div>
    </section>
  )
}
