import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { TITLE_MAX_LENGTH } from '#common/constants.ts'
import { ThreadInput } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { ForumEditor } from './forum-editor.tsx'

interface ThreadFormProps {
  initial?: ThreadInput
  submitLabel: string
  /** Sends the thread; a rejection with field messages puts them under the fields. */
  onSubmit: (input: ThreadInput) => Promise<unknown>
  onCancel: () => void
}

/** A thread's title (with a counter) and opening post: starting a thread, or editing one. */
export function ThreadForm({ initial, submitLabel, onSubmit, onCancel }: ThreadFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ThreadInput>({
    resolver: zodResolver(ThreadInput),
    defaultValues: initial ?? { title: '', bodyHtml: '' },
  })
  const title = useWatch({ control, name: 'title' })
  // The form opens on request (New thread, Edit): typing starts in its first field.
  useEffect(() => setFocus('title'), [setFocus])

  const submit = handleSubmit(async (input) => {
    setFormError(null)
    try {
      await onSubmit(input)
    } catch (error) {
      // Field messages go under their fields, a rate limit here; anything else was toasted.
      if (error instanceof ApiError && error.status === 429) setFormError(error.message)
      else setFormError(applyServerErrors(error, setError, sameNames<ThreadInput>(['title', 'bodyHtml'])))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label="Title"
        maxLength={TITLE_MAX_LENGTH}
        placeholder="Ask a question or name the topic"
        hint={`${title.length}/${TITLE_MAX_LENGTH}`}
        error={errors.title?.message}
        disabled={isSubmitting}
        {...register('title')}
      />
      <Controller
        control={control}
        name="bodyHtml"
        render={({ field, fieldState }) => (
          <ForumEditor
            label="Opening post"
            initialHtml={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={isSubmitting}
            placeholder="Say what you want to discuss. Details help people answer."
          />
        )}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
