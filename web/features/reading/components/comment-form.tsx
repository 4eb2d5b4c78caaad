import { type FormEvent, useState } from 'react'
import { COMMENT_MAX_LENGTH } from '#common/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { ApiError } from '#web/lib/api-client.ts'

interface CommentFormProps {
  label: string
  submitLabel: string
  initial?: string
  busy: boolean
  error: unknown
  onSubmit: (body: string) => Promise<unknown>
  onCancel?: () => void
}

/** A comment's text, with a character counter; cleared once it is sent. */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  busy,
  error,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const [body, setBody] = useState(initial)
  const length = body.trim().length
  const message = error instanceof ApiError ? (error.fields?.body ?? error.message) : undefined

  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      await onSubmit(body)
      setBody('')
    } catch {
      // Shown under the field (the mutation's error).
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <TextArea
        label={label}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={COMMENT_MAX_LENGTH}
        error={message}
        hint={`${body.length.toLocaleString('en')} / ${COMMENT_MAX_LENGTH.toLocaleString('en')}`}
        rows={3}
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" busy={busy} disabled={length === 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
