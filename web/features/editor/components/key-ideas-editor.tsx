import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useEffect } from 'react'
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FLASHCARD_BACK_MAX_LENGTH, FLASHCARD_FRONT_MAX_LENGTH, FLASHCARDS_MAX } from '#common/constants.ts'
import { type Flashcard, SaveFlashcardsInput } from '#common/schemas/flashcards.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useEditorKeyIdeas, useSaveKeyIdeas } from '../api/key-ideas.ts'

type FormInput = z.input<typeof SaveFlashcardsInput>

const ICON_BUTTON =
  'inline-flex size-8 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-200/70 disabled:opacity-40 disabled:hover:bg-transparent'

const formOf = (cards: Flashcard[]): FormInput => ({
  cards: cards.map(({ id, front, back }) => ({ id, front, back })),
})

/** The server's keys (`cards`, `cards.3.front`) are the form's own names. */
const fieldOf = (key: string) =>
  key === 'cards' || key.startsWith('cards.') ? (key as FieldPath<FormInput>) : undefined

/**
 * An academic lesson's Key ideas (decision 052): up to 50 cards, a front and a back each, added,
 * edited, moved and deleted here and saved together. An edited card keeps its readers' schedules;
 * a deleted one leaves their practice.
 */
export function KeyIdeasEditor({ postId }: { postId: string }) {
  const saved = useEditorKeyIdeas(postId)
  const save = useSaveKeyIdeas(postId)
  const form = useForm<FormInput>({
    resolver: zodResolver(SaveFlashcardsInput),
    defaultValues: { cards: [] },
  })
  const { register, control, handleSubmit, reset, setError, formState } = form
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'cards', keyName: 'key' })
  const { errors, isDirty } = formState

  useEffect(() => {
    if (saved.data) reset(formOf(saved.data.cards))
  }, [saved.data, reset])

  const onSubmit = handleSubmit((input) =>
    save.mutate(input as SaveFlashcardsInput, {
      onSuccess: () => toast.success('Key ideas saved'),
      onError: (error) => {
        const message = applyServerErrors(error, setError, fieldOf)
        if (message) setError('root', { message })
      },
    }),
  )

  const listError = errors.cards?.message ?? errors.cards?.root?.message
  const full = fields.length >= FLASHCARDS_MAX
  return (
    <section
      aria-labelledby="key-ideas-editor-title"
      // Under the body's column, beside where the form's sidebar is.
      className="mt-12 border-t border-stone-200 pt-8 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-10"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="key-ideas-editor-title" className="font-serif text-2xl font-semibold">
            Key ideas
          </h2>
          <p className="text-sm text-stone-600">
            {fields.length} of {FLASHCARDS_MAX}
          </p>
        </div>
        <p className="mt-1 text-[15px] text-stone-600">
          Flashcards readers add to their practice with one click: a question or a term on the front, the
          answer on the back. Editing a card updates it for every reader and keeps their schedule.
        </p>
        {saved.isError ? (
          <Alert>We couldn't load the Key ideas. {saved.error.message}</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            {listError && (
              <p role="alert" className="text-sm text-red-700">
                {listError}
              </p>
            )}
            <ol className="space-y-4">
              {fields.map((field, i) => {
                const cardErrors = errors.cards?.[i]
                return (
                  <li key={field.key} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
                    <fieldset className="space-y-3">
                      <legend className="sr-only">Card {i + 1}</legend>
                      <div className="flex items-center justify-between gap-2">
                        <p aria-hidden="true" className="text-sm font-semibold text-stone-800">
                          Card {i + 1}
                        </p>
                        <div className="flex gap-1">
                          <button
                            type="button"
                            className={ICON_BUTTON}
                            aria-label={`Move card ${i + 1} up`}
                            disabled={i === 0}
                            onClick={() => swap(i, i - 1)}
                          >
                            <ArrowUp className="size-4" aria-hidden />
                          </button>
                          <button
                            type="button"
                            className={ICON_BUTTON}
                            aria-label={`Move card ${i + 1} down`}
                            disabled={i === fields.length - 1}
                            onClick={() => swap(i, i + 1)}
                          >
                            <ArrowDown className="size-4" aria-hidden />
                          </button>
                          <button
                            type="button"
                            className={ICON_BUTTON}
                            aria-label={`Delete card ${i + 1}`}
                            onClick={() => remove(i)}
                          >
                            <Trash2 className="size-4" aria-hidden />
                          </button>
                        </div>
                      </div>
                      {cardErrors?.id?.message && (
                        <p role="alert" className="text-sm text-red-700">
                          {cardErrors.id.message}
                        </p>
                      )}
                      <TextArea
                        label="Front"
                        rows={2}
                        maxLength={FLASHCARD_FRONT_MAX_LENGTH}
                        error={cardErrors?.front?.message}
                        {...register(`cards.${i}.front`)}
                      />
                      <TextArea
                        label="Back"
                        rows={3}
                        maxLength={FLASHCARD_BACK_MAX_LENGTH}
                        error={cardErrors?.back?.message}
                        {...register(`cards.${i}.back`)}
                      />
                    </fieldset>
                  </li>
                )
              })}
            </ol>
            {errors.root?.message && <Alert>{errors.root.message}</Alert>}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="secondary"
                disabled={full || saved.isPending}
                onClick={() => append({ front: '', back: '' })}
              >
                <Plus className="size-4" aria-hidden />
                Add a card
              </Button>
              <Button type="submit" busy={save.isPending} disabled={saved.isPending || !isDirty}>
                Save Key ideas
              </Button>
              {full && (
                <p className="text-sm text-stone-600">A lesson has at most {FLASHCARDS_MAX} Key ideas.</p>
              )}
              {!isDirty && save.isSuccess && <p className="text-sm text-stone-600">All saved.</p>}
            </div>
          </form>
        )}
      </div>
    </section>
  )
}
