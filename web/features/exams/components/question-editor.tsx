import { ArrowDown, ArrowUp, Copy, Plus, Trash, X } from 'lucide-react'
import { useId } from 'react'
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { EXAM_ACCEPTED_ANSWERS_MAX, EXAM_OPTIONS_MAX, EXAM_OPTIONS_MIN } from '#common/constants.ts'
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuestionKind } from '#common/schemas/exams.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { changeKind, type ExamFormInput, nextOptionId } from '../lib/builder-model.ts'

const INPUT = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-[15px] text-stone-900 shadow-xs placeholder:text-stone-400 focus:outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`
const LABEL = 'block text-sm font-medium text-stone-800'

function Message({ id, message }: { id?: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  )
}

/** A field array's own message sits on `.root` (zodResolver), a plain array's on `.message`. */
const arrayMessage = (error: { message?: string; root?: { message?: string } } | undefined) =>
  error?.message ?? error?.root?.message

interface QuestionEditorProps {
  index: number
  count: number
  onMove: (to: number) => void
  onDuplicate: () => void
  onRemove: () => void
}

/** One question in the builder: its type, prompt, answers (marked correct), points and explanation. */
export function QuestionEditor({ index, count, onMove, onDuplicate, onRemove }: QuestionEditorProps) {
  const id = useId()
  const name = `questions.${index}` as const
  const number = index + 1
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<ExamFormInput>()
  const options = useFieldArray({ control, name: `${name}.options`, keyName: 'key' })
  const kind = useWatch({ control, name: `${name}.kind` }) as QuestionKind
  const correct = useWatch({ control, name: `${name}.correctOptionIds` }) ?? []
  const error = errors.questions?.[index]
  const fixed = kind === 'true_false'

  const setCorrect = (next: string[]) =>
    setValue(`${name}.correctOptionIds`, next, { shouldValidate: isSubmitted, shouldDirty: true })
  const mark = (optionId: string, checked: boolean) =>
    setCorrect(
      kind === 'multiple'
        ? checked
          ? [...correct, optionId]
          : correct.filter((c) => c !== optionId)
        : [optionId],
    )
  const removeOption = (optionIndex: number) => {
    const optionId = getValues(`${name}.options.${optionIndex}.id`) ?? ''
    options.remove(optionIndex)
    if (correct.includes(optionId)) setCorrect(correct.filter((c) => c !== optionId))
  }
  const onKind = (next: QuestionKind) => {
    const current = getValues(name)
    if (!current) return
    const changed = changeKind(current, next)
    setValue(name, changed, { shouldDirty: true })
    options.replace(changed.options ?? [])
  }

  const optionsError = arrayMessage(error?.options)
  const correctError = error?.correctOptionIds?.message
  const answersError = arrayMessage(error?.acceptedAnswers)

  return (
    <li aria-labelledby={`${id}-title`} className="rounded-2xl border border-stone-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-100 px-4 py-3 sm:px-5">
        <h3 id={`${id}-title`} className="mr-auto font-semibold text-stone-900">
          Question {number}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move question ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move question ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Duplicate question ${number}`} onClick={onDuplicate}>
          <Copy className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete question ${number}`} onClick={onRemove}>
          <Trash className="size-4" aria-hidden />
        </Button>
      </div>

      <div className="space-y-5 p-4 sm:p-5">
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-kind`} className={LABEL}>
              Type
            </label>
            <select
              id={`${id}-kind`}
              value={kind}
              onChange={(event) => onKind(event.target.value as QuestionKind)}
              className={INPUT()}
            >
              {QUESTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {QUESTION_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-points`} className={LABEL}>
              Points
            </label>
            <input
              id={`${id}-points`}
              type="number"
              inputMode="numeric"
              min={1}
              className={INPUT(error?.points?.message)}
              aria-invalid={error?.points ? true : undefined}
              aria-describedby={error?.points ? `${id}-points-error` : undefined}
              {...register(`${name}.points`, { valueAsNumber: true })}
            />
            <Message id={`${id}-points-error`} message={error?.points?.message} />
          </div>
        </div>

        <TextArea
          label="Question"
          rows={2}
          placeholder="What do you want to ask?"
          error={error?.prompt?.message}
          {...register(`${name}.prompt`)}
        />

        {kind === 'short' ? (
          <Controller
            control={control}
            name={`${name}.acceptedAnswers`}
            render={({ field }) => {
              const answers = field.value ?? []
              const set = (next: string[]) => field.onChange(next)
              return (
                <fieldset className="space-y-2">
                  <legend className={LABEL}>Accepted answers</legend>
                  <p className="text-sm text-stone-500">
                    A taker's answer is right when it matches one of these, ignoring capitals and spaces.
                  </p>
                  <ul className="space-y-2">
                    {answers.map((answer, i) => {
                      const itemError = error?.acceptedAnswers?.[i]?.message
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: plain strings, edited in place
                        <li key={i} className="space-y-1">
                          <div className="flex gap-2">
                            <input
                              type="text"
                              aria-label={`Accepted answer ${i + 1}`}
                              value={answer}
                              onChange={(event) =>
                                set(answers.map((a, j) => (j === i ? event.target.value : a)))
                              }
                              className={INPUT(itemError)}
                              aria-invalid={itemError ? true : undefined}
                            />
                            <Button
                              variant="ghost"
                              aria-label={`Remove accepted answer ${i + 1}`}
                              disabled={answers.length === 1}
                              onClick={() => set(answers.filter((_, j) => j !== i))}
                            >
                              <X className="size-4" aria-hidden />
                            </Button>
                          </div>
                          <Message message={itemError} />
                        </li>
                      )
                    })}
                  </ul>
                  <Message message={answersError} />
                  {answers.length < EXAM_ACCEPTED_ANSWERS_MAX && (
                    <Button variant="ghost" size="sm" onClick={() => set([...answers, ''])}>
                      <Plus className="size-4" aria-hidden /> Add another accepted answer
                    </Button>
                  )}
                </fieldset>
              )
            }}
          />
        ) : (
          <fieldset className="space-y-2">
            <legend className={LABEL}>Options</legend>
            <p className="text-sm text-stone-500">
              {kind === 'multiple' ? 'Tick every correct option.' : 'Choose the one correct option.'}
            </p>
            <ul className="space-y-2">
              {options.fields.map((option, i) => {
                const optionId = getValues(`${name}.options.${i}.id`) ?? option.id
                const textError = error?.options?.[i]?.text?.message
                return (
                  <li key={option.key} className="space-y-1">
                    <div className="flex items-center gap-2">
                      <label className="flex shrink-0 cursor-pointer items-center rounded-md p-1.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600/30">
                        <input
                          type={kind === 'multiple' ? 'checkbox' : 'radio'}
                          name={`${id}-correct`}
                          checked={correct.includes(optionId)}
                          onChange={(event) => mark(optionId, event.target.checked)}
                          className="size-4 accent-emerald-700"
                        />
                        <span className="sr-only">Option {i + 1} is correct</span>
                      </label>
                      {fixed ? (
                        <span className="flex-1 rounded-lg bg-stone-50 px-3 py-2 text-[15px]">
                          {option.text}
                        </span>
                      ) : (
                        <input
                          type="text"
                          aria-label={`Option ${i + 1}`}
                          placeholder={`Option ${i + 1}`}
                          className={INPUT(textError)}
                          aria-invalid={textError ? true : undefined}
                          {...register(`${name}.options.${i}.text`)}
                        />
                      )}
                      {!fixed && (
                        <Button
                          variant="ghost"
                          aria-label={`Remove option ${i + 1}`}
                          disabled={options.fields.length <= EXAM_OPTIONS_MIN}
                          onClick={() => removeOption(i)}
                        >
                          <X className="size-4" aria-hidden />
                        </Button>
                      )}
                    </div>
                    <Message message={textError} />
                  </li>
                )
              })}
            </ul>
            <Message message={optionsError} />
            <Message message={correctError} />
            {!fixed && options.fields.length < EXAM_OPTIONS_MAX && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  options.append({ id: nextOptionId(getValues(`${name}.options`) ?? []), text: '' })
                }
              >
                <Plus className="size-4" aria-hidden /> Add an option
              </Button>
            )}
          </fieldset>
        )}

        {kind === 'multiple' && (
          <label className="flex cursor-pointer items-start gap-2.5 text-sm">
            <input type="checkbox" className="mt-1 accent-ink-800" {...register(`${name}.partialCredit`)} />
            <span>
              <span className="font-medium text-stone-800">Partial credit</span>
              <span className="block text-stone-500">
                Each correct option chosen earns its share, each wrong one takes a share away (never below
                zero). Off: all or nothing.
              </span>
            </span>
          </label>
        )}

        <TextArea
          label="Explanation (optional)"
          rows={2}
          placeholder="Why the answer is right: shown to takers as the review options allow"
          error={error?.explanation?.message}
          {...register(`${name}.explanation`)}
        />
      </div>
    </li>
  )
}
