import { zodResolver } from '@hookform/resolvers/zod'
import { Eye, Plus, Send, Trash } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { type FieldPath, FormProvider, useFieldArray, useForm } from 'react-hook-form'
import {
  type AuthorExam,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  SaveExamInput,
} from '#common/schemas/exams.ts'
import type { PostStatus } from '#common/schemas/posts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { countOf } from '#web/lib/format.ts'
import { useDeleteExam, useSaveExam, useSubmitExam } from '../api/author-exams.ts'
import { duplicateOf, type ExamFormInput, formValuesOf, newQuestion } from '../lib/builder-model.ts'
import { ExamPreview } from './exam-preview.tsx'
import { ExamSettingsFields } from './exam-settings-fields.tsx'
import { STATUS_LOOKS } from './exam-status.tsx'
import { QuestionEditor } from './question-editor.tsx'
import { ReviewOptionsFields } from './review-options-fields.tsx'

const TOP_FIELDS = new Set<string>(Object.keys(SaveExamInput.shape))

/** A server message keyed "questions.2.prompt" sits under that field of the builder. */
const fieldOf = (key: string): FieldPath<ExamFormInput> | undefined =>
  TOP_FIELDS.has(key.split('.')[0]) ? (key as FieldPath<ExamFormInput>) : undefined

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
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' })
  const status: PostStatus | null = current?.status ?? null
  const questionCount = questions.fields.length

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

        <ExamSettingsFields questionCount={questionCount} />
        <ReviewOptionsFields />

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
