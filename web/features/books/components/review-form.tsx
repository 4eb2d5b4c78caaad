import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { BOOK_REVIEW_MAX_LENGTH } from '#common/constants.ts'
import { type ReaderReview, ReaderReviewInput } from '#common/schemas/book-reviews.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useSaveReview } from '../api/books.ts'
import { StarInput } from './star-rating.tsx'

type ReviewFormInput = z.input<typeof ReaderReviewInput>

interface ReviewFormProps {
  bookId: string
  /** The reader's review to edit; none for a first rating. */
  mine: ReaderReview | null
  onDone: () => void
  onCancel?: () => void
}

/** Rate this book: stars (required) and a review (optional), saved with PUT, replacing any earlier one. */
export function ReviewForm({ bookId, mine, onDone, onCancel }: ReviewFormProps) {
  const save = useSaveReview(bookId)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReaderReviewInput>({
    resolver: zodResolver(ReaderReviewInput),
    defaultValues: { stars: mine?.stars, text: mine?.text ?? '' },
  })
  const text = useWatch({ control, name: 'text' }) ?? ''

  const onSubmit = handleSubmit((input) => {
    setFormError(null)
    save.mutate(input, {
      onSuccess: () => {
        toast.success(mine ? 'Your review is updated.' : 'Thanks for rating this book.')
        onDone()
      },
      onError: (error) =>
        setFormError(applyServerErrors(error, setError, sameNames<ReviewFormInput>(['stars', 'text']))),
    })
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={mine ? 'Edit your review' : 'Rate this book'}
      className="space-y-4"
    >
      {formError && <Alert>{formError}</Alert>}
      <Controller
        control={control}
        name="stars"
        render={({ field }) => (
          <StarInput value={field.value ?? null} onChange={field.onChange} error={errors.stars?.message} />
        )}
      />
      <TextArea
        label="Your review (optional)"
        rows={4}
        maxLength={BOOK_REVIEW_MAX_LENGTH}
        placeholder="What did you think? Others will see it with your name."
        hint={`${text.length.toLocaleString('en')}/${BOOK_REVIEW_MAX_LENGTH.toLocaleString('en')}`}
        error={errors.text?.message}
        {...register('text')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={save.isPending}>
          {mine ? 'Save changes' : 'Save rating'}
        </Button>
      </div>
    </form>
  )
}
