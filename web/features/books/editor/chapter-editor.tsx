import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { Chapter } from '#common/schemas/books.ts'
import { AutosaveStatus } from '#web/components/editor/autosave-status.tsx'
import { RichTextEditor } from '#web/components/editor/rich-text-editor.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useAutosave } from '#web/lib/use-autosave.ts'
import { useUpdateChapter } from '../api/author-books.ts'
import { bookQueries } from '../api/book-queries.ts'
import type { Flushers } from './book-flushers.ts'

interface ChapterEditorProps {
  bookId: string
  chapterId: string
  /** Saves itself while the book is not in the store; a published book's chapter waits for Save. */
  autosaves: boolean
  flushers: Flushers
}

/** One chapter open for writing: its body loads first, then the editor takes over. */
export function ChapterEditor({ bookId, chapterId, autosaves, flushers }: ChapterEditorProps) {
  const chapter = useQuery(bookQueries.authoredChapter(bookId, chapterId))
  if (chapter.isPending) return <Spinner label="Opening the chapter…" />
  if (chapter.error) return <Alert>We couldn't open this chapter. {chapter.error.message}</Alert>
  return <ChapterForm chapter={chapter.data} autosaves={autosaves} flushers={flushers} />
}

interface Draft {
  title: string
  bodyHtml: string
}

function ChapterForm({
  chapter,
  autosaves,
  flushers,
}: {
  chapter: Chapter
  autosaves: boolean
  flushers: Flushers
}) {
  const update = useUpdateChapter(chapter.bookId)
  const titleId = useId()
  const initial: Draft = { title: chapter.title, bodyHtml: chapter.bodyHtml }
  const [draft, setDraft] = useState<Draft>(initial)
  const [errors, setErrors] = useState<{ title?: string; bodyHtml?: string }>({})
  const titleProblem = draft.title.trim() === '' ? 'Add a chapter title' : undefined

  const autosave = useAutosave({
    value: draft,
    enabled: autosaves && !titleProblem,
    initial,
    save: async (value: Draft) => {
      try {
        await update.mutateAsync({ chapterId: chapter.id, input: value })
        setErrors({})
      } catch (error) {
        // Field messages sit under the fields; anything else is the app's toast.
        setErrors(
          error instanceof ApiError ? { title: error.fields?.title, bodyHtml: error.fields?.bodyHtml } : {},
        )
        throw error
      }
    },
  })

  const { flush } = autosave
  useEffect(() => {
    // A chapter without a title cannot be saved: it holds the workspace until it has one.
    const guarded = async () => (draft.title.trim() === '' ? false : flush())
    flushers.current.set('chapter', guarded)
    return () => void flushers.current.delete('chapter')
  }, [flushers, flush, draft.title])

  // Leaving the screen (a link, the back button) saves what the last two seconds held.
  const savesOnLeave = useRef(false)
  savesOnLeave.current = autosaves && !titleProblem
  useEffect(
    () => () => {
      if (savesOnLeave.current) void flush()
    },
    [flush],
  )

  const titleError = errors.title ?? (draft.title !== chapter.title ? titleProblem : undefined)

  return (
    <section aria-label={`Chapter ${chapter.position}: ${draft.title || 'untitled'}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium tracking-wide text-stone-500 uppercase">
          Chapter {chapter.position}
          {chapter.preview && ' · Free preview'}
        </p>
        <div className="flex items-center gap-3">
          <AutosaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
          <Button
            variant="secondary"
            size="sm"
            busy={autosave.state.kind === 'saving'}
            disabled={Boolean(titleProblem)}
            onClick={() => void autosave.flush()}
          >
            {autosaves ? 'Save chapter' : 'Save changes'}
          </Button>
        </div>
      </div>
      <label htmlFor={titleId} className="sr-only">
        Chapter title
      </label>
      <input
        id={titleId}
        value={draft.title}
        onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
        placeholder="Chapter title"
        autoComplete="off"
        aria-invalid={titleError ? true : undefined}
        aria-describedby={titleError ? `${titleId}-error` : undefined}
        className="block w-full border-0 bg-transparent p-0 font-serif text-3xl leading-tight font-semibold text-stone-900 placeholder:text-stone-300 focus:outline-none sm:text-4xl"
      />
      {titleError && (
        <p id={`${titleId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {titleError}
        </p>
      )}
      <div className="mt-4">
        <RichTextEditor
          label="Chapter body"
          initialHtml={chapter.bodyHtml}
          onChange={(bodyHtml) => setDraft((d) => ({ ...d, bodyHtml }))}
          error={errors.bodyHtml}
        />
      </div>
    </section>
  )
}
