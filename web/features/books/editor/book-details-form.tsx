import { useEffect, useId, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { BOOK_DESCRIPTION_MAX_LENGTH } from '#common/constants.ts'
import { type AuthorBook, SaveBookInput } from '#common/schemas/books.ts'
import { CategoryRadios } from '#web/components/category-radios.tsx'
import { AutosaveStatus } from '#web/components/editor/autosave-status.tsx'
import { CoverUpload } from '#web/components/editor/cover-upload.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useAutosave } from '#web/lib/use-autosave.ts'
import { useSaveBook } from '../api/author-books.ts'
import {
  type DetailsValues,
  detailsOf,
  detailsResolver,
  fieldOf,
  LANGUAGES,
  RANGE,
  toBookInput,
} from '../lib/book-details.ts'
import type { Flushers } from './book-flushers.ts'

const legend = 'block text-sm font-medium text-stone-800'
const selectClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-[15px] shadow-xs focus:outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  )
}

interface BookDetailsFormProps {
  book: AuthorBook | null
  /** Saves itself while the book is not in the store; a published book's changes wait for Save. */
  autosaves: boolean
  flushers: Flushers
  /** The first save created the book: the page remembers its id (in the address). */
  onCreated: (book: AuthorBook) => void
}

/**
 * The book's details: what a reader sees on its card and page. Saves itself two seconds after the
 * last change (the first save creates the book); the price is typed in dollars and sent in cents.
 */
export function BookDetailsForm({ book, autosaves, flushers, onCreated }: BookDetailsFormProps) {
  const save = useSaveBook()
  const subjects = useSubjects()
  const academicSubjects = subjects.data?.filter((s) => s.kind === 'academic')
  const bookId = useRef<string | null>(book?.id ?? null)
  const [formError, setFormError] = useState<string | null>(null)
  const ids = { price: useId(), subject: useId(), language: useId(), preview: useId() }
  const form = useForm<DetailsValues, unknown, SaveBookInput>({
    resolver: detailsResolver,
    defaultValues: detailsOf(book),
    mode: 'onTouched',
  })
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = form
  const values = watch()
  const { input, priceProblem } = toBookInput(values)
  const valid = !priceProblem && SaveBookInput.safeParse(input).success

  const autosave = useAutosave({
    value: values,
    enabled: autosaves && valid,
    initial: book ? detailsOf(book) : undefined,
    save: async (draft: DetailsValues) => {
      try {
        const created = bookId.current === null
        const saved = await save.mutateAsync({
          id: bookId.current,
          input: SaveBookInput.parse(toBookInput(draft).input),
        })
        bookId.current = saved.id
        setFormError(null)
        clearErrors()
        if (created) onCreated(saved)
      } catch (error) {
        setFormError(applyServerErrors(error, setError, fieldOf))
        throw error
      }
    },
  })

  // The workspace saves what is open before it submits the book or opens a chapter.
  const { flush } = autosave
  useEffect(() => {
    flushers.current.set('details', flush)
    return () => void flushers.current.delete('details')
  }, [flushers, flush])

  // Leaving the screen (a link, the back button) saves what the last two seconds held.
  const savesOnLeave = useRef(false)
  savesOnLeave.current = autosaves && valid
  useEffect(
    () => () => {
      if (savesOnLeave.current) void flush()
    },
    [flush],
  )

  const onSave = handleSubmit(async () => {
    await autosave.flush()
  })

  const category = values.category
  const paid = values.pricing === 'paid'

  return (
    <form onSubmit={onSave} noValidate aria-labelledby="book-details-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="book-details-title" className="text-xl font-semibold text-stone-900">
          Book details
        </h2>
        <div className="flex items-center gap-3">
          <AutosaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
          <Button type="submit" variant="secondary" size="sm" busy={autosave.state.kind === 'saving'}>
            {!book || book.status === 'draft' || book.status === 'rejected' ? 'Save draft' : 'Save changes'}
          </Button>
        </div>
      </div>
      {formError && <Alert>{formError}</Alert>}

      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="min-w-0 space-y-5">
          <TextField label="Title" autoComplete="off" error={errors.title?.message} {...register('title')} />
          <TextField
            label="Subtitle"
            autoComplete="off"
            hint="Optional: one line under the title."
            error={errors.subtitle?.message}
            {...register('subtitle')}
          />
          <TextArea
            label="Description"
            rows={5}
            maxLength={BOOK_DESCRIPTION_MAX_LENGTH}
            hint={`${values.description.length} / ${BOOK_DESCRIPTION_MAX_LENGTH} characters — the blurb on the book's page`}
            error={errors.description?.message}
            {...register('description')}
          />
        </div>
        <Controller
          control={control}
          name="coverImage"
          render={({ field, fieldState }) => (
            <CoverUpload
              shape="book"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>

      <CategoryRadios field={register('category')} value={category} className="sm:max-w-md" />

      <div className="grid gap-5 sm:grid-cols-2">
        {category === 'academic' && (
          <div className="space-y-1.5">
            <label htmlFor={ids.subject} className={legend}>
              Subject
            </label>
            <select
              id={ids.subject}
              className={selectClass(errors.subjectSlug?.message)}
              aria-invalid={errors.subjectSlug ? true : undefined}
              aria-describedby={errors.subjectSlug ? `${ids.subject}-error` : undefined}
              {...register('subjectSlug', { setValueAs: (v) => (v ? v : null) })}
            >
              <option value="">Choose a subject…</option>
              {academicSubjects?.map((subject) => (
                <option key={subject.slug} value={subject.slug}>
                  {subject.name}
                </option>
              ))}
            </select>
            <FieldMessage id={`${ids.subject}-error`} message={errors.subjectSlug?.message} />
          </div>
        )}
        <div className="space-y-1.5">
          <label htmlFor={ids.language} className={legend}>
            Language
          </label>
          <select
            id={ids.language}
            className={selectClass(errors.language?.message)}
            aria-invalid={errors.language ? true : undefined}
            aria-describedby={errors.language ? `${ids.language}-error` : undefined}
            {...register('language')}
          >
            {LANGUAGES.some(([tag]) => tag === values.language) ? null : (
              <option value={values.language}>{values.language}</option>
            )}
            {LANGUAGES.map(([tag, name]) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </select>
          <FieldMessage id={`${ids.language}-error`} message={errors.language?.message} />
        </div>
      </div>

      <fieldset className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <legend className={`${legend} px-1`}>Price</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['free', 'Free', 'Readers add it to their library.'],
              ['paid', 'Paid', `Between ${RANGE} US dollars.`],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex cursor-pointer items-start gap-2.5 text-sm">
              <input type="radio" value={value} className="mt-1 accent-ink-800" {...register('pricing')} />
              <span>
                <span className="font-medium text-stone-800">{label}</span>
                <span className="block text-stone-500">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        {paid && (
          <div className="space-y-1.5 sm:max-w-xs">
            <label htmlFor={ids.price} className={legend}>
              Price in US dollars
            </label>
            <div className="relative">
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-500"
              >
                $
              </span>
              <input
                id={ids.price}
                inputMode="decimal"
                autoComplete="off"
                placeholder="4.99"
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={errors.price ? `${ids.price}-error` : undefined}
                className={`${selectClass(errors.price?.message)} pl-7 tabular-nums`}
                {...register('price')}
              />
            </div>
            <FieldMessage id={`${ids.price}-error`} message={errors.price?.message} />
          </div>
        )}
        <div className="space-y-1.5 sm:max-w-xs">
          <label htmlFor={ids.preview} className={legend}>
            Free preview chapters
          </label>
          <input
            id={ids.preview}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            aria-invalid={errors.previewChapters ? true : undefined}
            aria-describedby={`${ids.preview}-${errors.previewChapters ? 'error' : 'hint'}`}
            className={`${selectClass(errors.previewChapters?.message)} tabular-nums`}
            {...register('previewChapters')}
          />
          {errors.previewChapters ? (
            <FieldMessage id={`${ids.preview}-error`} message={errors.previewChapters.message} />
          ) : (
            <p id={`${ids.preview}-hint`} className="text-sm text-stone-500">
              {paid
                ? 'Anyone can read the first chapters; buyers read the rest. Keep at least one for buyers.'
                : 'Anyone can read these without adding the book to their library.'}
            </p>
          )}
        </div>
      </fieldset>
    </form>
  )
}
