import { Check, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { readPath } from '#common/paths.ts'
import type { ChapterSummary } from '#common/schemas/books.ts'
import { countOf } from '#web/lib/format.ts'

interface ChapterListProps {
  bookId: string
  chapters: ChapterSummary[]
  /** Owner, author or admin: no chapter is locked. */
  readsAll: boolean
  /** The chapter open in the reader (marked as the current page). */
  currentId?: string | null
  /** Chapters before the reader's saved one read as done. */
  savedId?: string | null
  /** Called when a chapter is chosen (the reader's drawer closes). */
  onChoose?: () => void
  compact?: boolean
}

/**
 * The table of contents: each chapter with its number and length; the free preview marked, and for
 * someone who does not own the book the rest shown as locked (not links: the server would refuse).
 */
export function ChapterList({
  bookId,
  chapters,
  readsAll,
  currentId,
  savedId,
  onChoose,
  compact,
}: ChapterListProps) {
  const savedAt = savedId ? chapters.findIndex((c) => c.id === savedId) : -1
  return (
    <ol className={compact ? 'space-y-0.5' : 'divide-y divide-stone-100'}>
      {chapters.map((chapter, index) => {
        const locked = !readsAll && !chapter.preview
        const current = chapter.id === currentId
        const done = index < savedAt
        const body = (
          <>
            <span
              aria-hidden="true"
              className={`w-7 shrink-0 text-right font-serif tabular-nums ${current ? 'text-ink-800' : 'text-stone-400'}`}
            >
              {chapter.position}
            </span>
            <span className="min-w-0 flex-1">
              <span
                className={`block ${compact ? 'text-sm' : ''} ${locked ? 'text-stone-600' : 'text-stone-900'}`}
              >
                <span className="sr-only">Chapter {chapter.position}: </span>
                {chapter.title}
              </span>
              {!compact && (
                <span className="mt-0.5 block text-xs text-stone-500">
                  {countOf(chapter.wordCount, 'word')}
                </span>
              )}
            </span>
            <span className="flex shrink-0 items-center gap-1.5">
              {done && <Check className="size-4 text-emerald-700" aria-label="Read" />}
              {chapter.preview && !readsAll && (
                <span
                  className={`rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ${compact ? 'px-1.5' : ''}`}
                >
                  {compact ? 'Free' : 'Free preview'}
                </span>
              )}
              {locked &&
                (compact ? (
                  <Lock className="size-3.5 text-stone-500" aria-label="Locked" />
                ) : (
                  <span className="inline-flex items-center gap-1 text-xs text-stone-500">
                    <Lock className="size-3.5" aria-hidden /> Locked
                  </span>
                ))}
            </span>
          </>
        )
        const row = `flex items-center gap-3 ${compact ? 'rounded-lg px-2 py-2' : 'px-2 py-3.5'}`
        return (
          <li key={chapter.id}>
            {locked ? (
              <div
                aria-current={current ? 'page' : undefined}
                className={`${row} ${current ? 'bg-stone-100 ring-1 ring-stone-200' : ''}`}
              >
                {body}
              </div>
            ) : (
              <Link
                to={readPath(bookId, chapter.id)}
                onClick={onChoose}
                aria-current={current ? 'page' : undefined}
                className={`${row} transition-colors hover:bg-stone-100 ${current ? 'bg-ink-50 font-medium ring-1 ring-ink-100' : ''} ${compact ? '' : 'rounded-lg'}`}
              >
                {body}
              </Link>
            )}
          </li>
        )
      })}
    </ol>
  )
}
