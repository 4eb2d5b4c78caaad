import { ArrowDown, ArrowUp, GripVertical, Plus, Trash } from 'lucide-react'
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { Chapter, ChapterSummary } from '#common/schemas/books.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { countOf } from '#web/lib/format.ts'
import { useAddChapter, useDeleteChapter, useReorderChapters } from '../api/author-books.ts'

interface ChapterListProps {
  bookId: string
  chapters: ChapterSummary[]
  /** The chapter open in the editor (null: the book's details). */
  selectedId: string | null
  onSelect: (chapterId: string) => void
  onAdded: (chapter: Chapter) => void
  onDeleted: (chapterId: string) => void
}

/** `ids` with the one at `from` moved to `to`. */
export function moved<T>(ids: T[], from: number, to: number): T[] {
  const next = [...ids]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

/**
 * The book's contents: open a chapter, reorder (Move up / Move down, announced; or drag a row),
 * delete after a confirmation, and add one at the end. Words per chapter and in total.
 */
export function ChapterList({
  bookId,
  chapters,
  selectedId,
  onSelect,
  onAdded,
  onDeleted,
}: ChapterListProps) {
  const reorder = useReorderChapters(bookId)
  const remove = useDeleteChapter(bookId)
  const add = useAddChapter(bookId)
  const [order, setOrder] = useState(chapters)
  const [announcement, setAnnouncement] = useState('')
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; up: boolean } | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const [dropTarget, setDropTarget] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<ChapterSummary | null>(null)
  const [newTitle, setNewTitle] = useState('')
  const [addError, setAddError] = useState<string | null>(null)
  const list = useRef<HTMLOListElement>(null)
  const headingId = useId()

  // What the server holds wins whenever it answers (a save renamed a chapter, a reorder came back).
  useEffect(() => {
    setOrder(chapters)
  }, [chapters])

  // Keyboard users keep their place: focus stays on the moved chapter's button (the other one when
  // it reached the top or the bottom).
  useEffect(() => {
    if (!focusAfterMove) return
    const button = (up: boolean) =>
      list.current?.querySelector<HTMLButtonElement>(
        `button[data-chapter="${focusAfterMove.id}"][data-move="${up ? 'up' : 'down'}"]:not(:disabled)`,
      )
    ;(button(focusAfterMove.up) ?? button(!focusAfterMove.up))?.focus()
  }, [focusAfterMove])

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return
    const chapter = order[from]
    const next = moved(order, from, to)
    setOrder(next)
    setAnnouncement(`“${chapter.title}” moved to position ${to + 1} of ${next.length}.`)
    reorder.mutate(
      next.map((c) => c.id),
      {
        onError: () => {
          setOrder(chapters)
          setAnnouncement(`Couldn't move “${chapter.title}”.`)
        },
      },
    )
    return { chapter, to }
  }

  const moveByKeyboard = (from: number, to: number) => {
    const result = move(from, to)
    if (result) setFocusAfterMove({ id: result.chapter.id, up: to < from })
  }

  const onDrop = (event: DragEvent, targetId: string) => {
    event.preventDefault()
    const from = order.findIndex((c) => c.id === dragging)
    const to = order.findIndex((c) => c.id === targetId)
    setDragging(null)
    setDropTarget(null)
    if (from >= 0 && to >= 0) move(from, to)
  }

  const onAdd = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { title: newTitle, bodyHtml: '' },
      {
        onSuccess: (chapter) => {
          setNewTitle('')
          setAddError(null)
          setAnnouncement(`Chapter ${chapter.position} “${chapter.title}” added.`)
          onAdded(chapter)
        },
        onError: (error) => setAddError(error instanceof ApiError ? (error.fields?.title ?? null) : null),
      },
    )
  }

  const totalWords = order.reduce((sum, c) => sum + c.wordCount, 0)

  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          Chapters
        </h2>
        <p className="text-sm text-stone-500 tabular-nums">
          {countOf(order.length, 'chapter')} · {countOf(totalWords, 'word')}
        </p>
      </div>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {order.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-stone-300 px-3 py-4 text-sm text-stone-500">
          No chapters yet. Add the first one below.
        </p>
      ) : (
        <ol ref={list} className="mt-3 space-y-1.5">
          {order.map((chapter, index) => {
            const selected = chapter.id === selectedId
            return (
              <li
                key={chapter.id}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData('text/plain', chapter.id)
                  setDragging(chapter.id)
                }}
                onDragOver={(event) => {
                  if (!dragging) return
                  event.preventDefault()
                  setDropTarget(chapter.id)
                }}
                onDragLeave={() => setDropTarget((t) => (t === chapter.id ? null : t))}
                onDragEnd={() => {
                  setDragging(null)
                  setDropTarget(null)
                }}
                onDrop={(event) => onDrop(event, chapter.id)}
                className={`group flex items-center gap-1 rounded-lg border px-1.5 py-1.5 ${selected ? 'border-ink-300 bg-ink-50' : 'border-stone-200 bg-white'} ${dropTarget === chapter.id && dragging !== chapter.id ? 'ring-2 ring-ink-600/40' : ''} ${dragging === chapter.id ? 'opacity-50' : ''}`}
              >
                <GripVertical
                  className="size-4 shrink-0 cursor-grab text-stone-400 active:cursor-grabbing"
                  aria-hidden
                />
                <button
                  type="button"
                  onClick={() => onSelect(chapter.id)}
                  aria-current={selected ? 'true' : undefined}
                  className="min-w-0 flex-1 rounded px-1 py-0.5 text-left"
                >
                  <span className="block truncate text-sm font-medium text-stone-900">
                    <span className="text-stone-600 tabular-nums">{index + 1}.</span> {chapter.title}
                  </span>
                  <span className="sr-only">,</span>{' '}
                  <span className="block text-xs text-stone-600 tabular-nums">
                    {countOf(chapter.wordCount, 'word')}
                    {chapter.preview && ' · Free preview'}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-1.5"
                  data-chapter={chapter.id}
                  data-move="up"
                  aria-label={`Move “${chapter.title}” up`}
                  disabled={index === 0}
                  onClick={() => moveByKeyboard(index, index - 1)}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-1.5"
                  data-chapter={chapter.id}
                  data-move="down"
                  aria-label={`Move “${chapter.title}” down`}
                  disabled={index === order.length - 1}
                  onClick={() => moveByKeyboard(index, index + 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-1.5 text-red-700"
                  aria-label={`Delete “${chapter.title}”`}
                  onClick={() => setDeleting(chapter)}
                >
                  <Trash className="size-4" aria-hidden />
                </Button>
              </li>
            )
          })}
        </ol>
      )}

      <form onSubmit={onAdd} noValidate className="mt-4 space-y-2">
        <TextField
          label="New chapter"
          placeholder="Chapter title"
          autoComplete="off"
          value={newTitle}
          onChange={(event) => setNewTitle(event.target.value)}
          error={addError ?? undefined}
        />
        <Button type="submit" variant="secondary" size="sm" busy={add.isPending}>
          <Plus className="size-4" aria-hidden /> Add chapter
        </Button>
      </form>

      {deleting && (
        <Dialog
          title={`Delete “${deleting.title}”?`}
          description={`Its ${countOf(deleting.wordCount, 'word')} are deleted for good, and the chapters after it move up. This cannot be undone.`}
          onClose={() => !remove.isPending && setDeleting(null)}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setAnnouncement(`“${deleting.title}” deleted.`)
                    onDeleted(deleting.id)
                    setDeleting(null)
                  },
                  onError: () => setDeleting(null),
                })
              }
            >
              Delete chapter
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  )
}
