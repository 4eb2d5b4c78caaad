import { zodResolver } from '@hookform/resolvers/zod'
import { Eye, Plus, Send, Trash } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Controller, type FieldPath, FormProvider, useFieldArray, useForm } from 'react-hook-form'
import { toast } from 'react-toastify'
import {
  type AuthorExam,
  EXAM_ATTEMPTS_MAX,
  EXAM_DESCRIPTION_MAX_LENGTH,
  EXAM_DURATION_MAX,
  EXAM_DURATION_MIN,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  SaveExamInput,
} from '#common/schemas/exams.ts'
import type { PostStatus } from '#common/schemas/posts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { countOf } from '#web/features/reading/format.ts'
import { useSubjects } from '#web/features/subjects/api/get-subjects.ts'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useDeleteExam, useSaveExam, useSubmitExam } from '../api/author-exams.ts'
import { duplicateOf, type ExamFormInput, formValuesOf, newQuestion } from '../lib/builder-model.ts'
import { ExamPreview } from './exam-preview.tsx'
import { STATUS_LOOKS } from './exam-status.tsx'
import { QuestionEditor } from './question-editor.tsx'

const TOP_FIELDS = new Set<string>(Object.keys(SaveExamInput.shape))

/** A server message keyed "questions.2.prompt" sits under that field of the builder. */
const fieldOf = (key: string): FieldPath<ExamFormInput> | undefined =>
  TOP_FIELDS.has(key.split('.')[0]) ? (key as FieldPath<ExamFormInput>) : undefined

const ATTEMPT_CHOICES = Array.from({ length: EXAM_ATTEMPTS_MAX }, (_, i) => i + 1)

const LABEL = 'block text-sm font-medium text-stone-800'
const SELECT =
  'block w-full rounded-lg border bg-white px-3 py-2 text-[15px] shadow-xs focus:outline-none focus:ring-2'
const selectClass = (error?: string) =>
  `${SELECT} ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

interface ExamBuilderProps {
  exam: AuthorExam | null
  isAdmin: boolean
  /** The first save created the exam: the page can remember its id (in the address). */
  onCreated: (exam: AuthorExam) => void
  onSubmitted: (exam: AuthorExam) => void
  onDeleted: () => void
}

/**
 * The exam builder: settings, then the questions in order, each written with its answer. Saving
 * sends the whole exam; Preview shows it as a taker would; Submit sends it to review.
 */
export function ExamBuilder({ exam, isAdmin, onCreated, onSubmitted, onDeleted }: ExamBuilderProps) {
  const id = useId()
  const save = useSaveExam()
  const submit = useSubmitExam()
  const remove = useDeleteExam()
  const subjects = useSubjects()
  const [current, setCurrent] = useState<AuthorExam | null>(exam)
  const [formError, setFormError] = useState<string | null>(null)
  const [dialog, setDialog] = useState<'submit' | 'delete' | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [moved, setMoved] = useState<{ to: number; up: boolean } | null>(null)
  const list = useRef<HTMLOListElement>(null)
  const form = useForm<ExamFormInput, unknown, SaveExamInput>({
    resolver: zodResolver(SaveExamInput),
    defaultValues: formValuesOf(exam),
  })
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    formState: { errors },
  } = form
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' })
  const status: PostStatus | null = current?.status ?? null
  const drawCount = watch('drawCount')
  const subjectSlug = watch('subjectSlug')
  const questionCount = questions.fields.length
  const drawing = drawCount !== null && drawCount !== undefined

  const persist = async (input: SaveExamInput) => {
    setFormError(null)
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, input })
      if (!current) onCreated(saved)
      setCurrent(saved)
      // New questions got their ids: the next save updates them instead of adding them again.
      saved.questions.forEach((question, index) => {
        if (!getValues(`questions.${index}.id`)) form.setValue(`questions.${index}.id`, question.id)
      })
      return saved
    } catch (error) {
      setFormError(applyServerErrors(error, setError, fieldOf))
      return null
    }
  }

  const onSave = handleSubmit(async (input) => {
    if (await persist(input)) toast.success(status === 'published' ? 'Changes saved.' : 'Draft saved.')
  })

  const onAskSubmit = handleSubmit((input) => {
    if (input.questions.length === 0) {
      setError('questions', { type: 'manual', message: 'Add at least one question before submitting' })
      return
    }
    if (input.drawCount !== null && input.drawCount > input.questions.length) {
      setError('drawCount', {
        type: 'manual',
        message: `There are only ${countOf(input.questions.length, 'question')} to draw from`,
      })
      return
    }
    setDialog('submit')
  })

  const onConfirmSubmit = handleSubmit(async (input) => {
    const saved = await persist(input)
    if (!saved) {
      setDialog(null)
      return
    }
    submit.mutate(saved.id, {
      onSuccess: (sent) => {
        setDialog(null)
        toast.success(
          sent.status === 'published' ? 'Your exam is published.' : 'Your exam is in the review queue.',
        )
        onSubmitted(sent)
      },
      onError: () => setDialog(null),
    })
  })

  const move = (from: number, to: number) => {
    questions.move(from, to)
    setMoved({ to, up: to < from })
  }

  // Keyboard users keep their place: focus follows the moved question's move button (the other
  // one when it reached the top or the bottom).
  useEffect(() => {
    if (!moved) return
    const button = (up: boolean) =>
      list.current?.querySelector<HTMLButtonElement>(
        `button[aria-label="Move question ${moved.to + 1} ${up ? 'up' : 'down'}"]:not(:disabled)`,
      )
    ;(button(moved.up) ?? button(!moved.up))?.focus()
  }, [moved])

  const submittable = status === null || status === 'draft' || status === 'rejected'
  const submitLabel = isAdmin ? 'Publish' : 'Submit for review'
  const questionsError = errors.questions?.message ?? errors.questions?.root?.message
  const statusLook = status ? STATUS_LOOKS[status] : null

  if (previewing) return <ExamPreview values={getValues()} onClose={() => setPreviewing(false)} />

  return (
    <FormProvider {...form}>
      <form onSubmit={onSave} noValidate className="space-y-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${statusLook?.className ?? 'bg-stone-100 text-stone-700'}`}
            >
              {statusLook?.label ?? 'New exam'}
            </span>
            <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">
              {current ? 'Edit exam' : 'Create an exam'}
            </h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={() => setPreviewing(true)}>
              <Eye className="size-4" aria-hidden /> Preview
            </Button>
            <Button type="submit" variant="secondary" busy={save.isPending && dialog === null}>
              {submittable ? 'Save draft' : 'Save changes'}
            </Button>
            {submittable && (
              <Button onClick={() => void onAskSubmit()}>
                <Send className="size-4" aria-hidden /> {submitLabel}
              </Button>
            )}
          </div>
        </div>

        {status === 'rejected' && current?.rejectionReason && (
          <Alert>
            <p className="font-medium">The reviewer sent this exam back.</p>
            <p className="mt-1">{current.rejectionReason}</p>
          </Alert>
        )}
        {current?.hasAttempts && (
          <Alert tone="info">
            <p className="font-medium">People have already taken this exam.</p>
            <p className="mt-1">
              Saving publishes a new version (version {current.version + 1}). Attempts already taken keep the
              questions and scores they had.
            </p>
          </Alert>
        )}
        {status === 'published' && !isAdmin && (
          <Alert tone="info">
            This exam is published. Saving changes sends it back to review; takers see the new version once an
            editor approves it.
          </Alert>
        )}
        {status === 'pending' && (
          <Alert tone="info">
            This exam is waiting for review. Changes you save are what the reviewer sees.
          </Alert>
        )}
        {formError && <Alert>{formError}</Alert>}

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
                value={subjectSlug ?? ''}
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
                {...register('durationMinutes')}
              />
              <TextField
                label="Pass mark (%)"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                error={errors.passMark?.message}
                {...register('passMark')}
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
                      onChange={(event) =>
                        field.onChange(event.target.value ? Number(event.target.value) : null)
                      }
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

        <section aria-labelledby={`${id}-questions`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${id}-questions`} className="text-lg font-semibold">
              Questions
            </h2>
            <p className="text-sm text-stone-500">{countOf(questionCount, 'question')}</p>
          </div>
          <p className="sr-only" aria-live="polite">
            {moved && `Question moved to position ${moved.to + 1}.`}
          </p>
          {questionsError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {questionsError}
            </p>
          )}
          <ol ref={list} className="mt-4 space-y-4">
            {questions.fields.map((field, index) => (
              <QuestionEditor
                key={field.key}
                index={index}
                count={questionCount}
                onMove={(to) => move(index, to)}
                onDuplicate={() =>
                  questions.insert(index + 1, duplicateOf(getValues(`questions.${index}`) ?? field))
                }
                onRemove={() => questions.remove(index)}
              />
            ))}
          </ol>
          <div className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white/60 p-4">
            <p className="text-sm font-medium text-stone-800">Add a question</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {QUESTION_KINDS.map((kind) => (
                <Button
                  key={kind}
                  variant="secondary"
                  size="sm"
                  onClick={() => questions.append(newQuestion(kind))}
                >
                  <Plus className="size-4" aria-hidden /> {QUESTION_KIND_LABELS[kind]}
                </Button>
              ))}
            </div>
          </div>
        </section>

        {current && (isAdmin || !current.hasAttempts) && (
          <div className="border-t border-stone-200 pt-6">
            <Button variant="ghost" onClick={() => setDialog('delete')}>
              <Trash className="size-4" aria-hidden /> Delete this exam
            </Button>
          </div>
        )}
      </form>

      {dialog === 'submit' && (
        <Dialog
          title={isAdmin ? 'Publish this exam?' : 'Submit for review?'}
          description={
            isAdmin
              ? 'It opens in the Exams Room for everyone at once.'
              : 'An editor checks it before it opens in the Exams Room. We let you know when it is approved.'
          }
          onClose={() => !(submit.isPending || save.isPending) && setDialog(null)}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => setDialog(null)}
              disabled={submit.isPending || save.isPending}
            >
              Cancel
            </Button>
            <Button onClick={() => void onConfirmSubmit()} busy={submit.isPending || save.isPending}>
              {submitLabel}
            </Button>
          </div>
        </Dialog>
      )}
      {dialog === 'delete' && current && (
        <Dialog
          title="Delete this exam?"
          description={`“${current.title}” will be gone for good${current.hasAttempts ? ', with every attempt and score' : ''}. This cannot be undone.`}
          onClose={() => !remove.isPending && setDialog(null)}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(current.id, {
                  onSuccess: () => {
                    toast.success('The exam is deleted.')
                    onDeleted()
                  },
                })
              }
            >
              Delete exam
            </Button>
          </div>
        </Dialog>
      )}
    </FormProvider>
  )
}
