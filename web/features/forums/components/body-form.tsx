import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react'
import { ForumBody } from '#common/schemas/forums.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { ForumEditor, type ForumEditorHandle } from './forum-editor.tsx'

interface BodyFormProps {
  label: string
  hideLabel?: boolean
  submitLabel: string
  initialHtml?: string
  placeholder?: string
  /** Sends the body; resolves once it is saved, rejects with the server's error. */
  onSubmit: (bodyHtml: string) => Promise<unknown>
  onCancel?: () => void
  /** Above the editor (the quote being replied to). */
  children?: ReactNode
  /** To focus the editor from outside; it is cleared through it once a body is sent. */
  editorRef?: RefObject<ForumEditorHandle | null>
}

/** The server's word on a body that did not go: the field's message, a rate limit, or nothing (toasted). */
function messageOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.fields) return Object.values(error.fields).join(' ')
  return error.status === 429 ? error.message : null
}

/** A reply's body (a new one, or an edit): checked before it is sent, the server's message under it. */
export function BodyForm({
  label,
  hideLabel,
  submitLabel,
  initialHtml = '',
  placeholder,
  onSubmit,
  onCancel,
  children,
  editorRef,
}: BodyFormProps) {
  const [html, setHtml] = useState(initialHtml)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const ownRef = useRef<ForumEditorHandle>(null)
  const editor = editorRef ?? ownRef

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = ForumBody.safeParse(html)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Write something')
      return
    }
    setError(null)
    setSending(true)
    try {
      await onSubmit(checked.data)
      editor.current?.clear()
      setHtml('')
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {children}
      <ForumEditor
        ref={editor}
        label={label}
        hideLabel={hideLabel}
        initialHtml={initialHtml}
        placeholder={placeholder}
        onChange={(next) => {
          setHtml(next)
          if (error) setError(null)
        }}
        error={error ?? undefined}
        disabled={sending}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={sending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
