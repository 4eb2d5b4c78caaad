import { ArrowLeft, BookOpen, Send } from 'lucide-react'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { bookPath } from '#common/paths.ts'
import type { AuthorBook } from '#common/schemas/books.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { countOf } from '#web/lib/format.ts'
import { useSubmitBook } from '../api/author-books.ts'
import { BookDetailsForm } from './book-details-form.tsx'
import { type Flushers, flushAll } from './book-flushers.ts'
import { BookStatusBadge } from './book-status.tsx'
import { ChapterEditor } from './chapter-editor.tsx'
import { ChapterList } from './chapter-list.tsx'

interface BookWorkspaceProps {
  /** The book as the server holds it; null before the first save creates it. */
  book: AuthorBook | null
  isAdmin: boolean
  onCreated: (book: AuthorBook) => void
}

/** What happens to this book's edits, said where the writer works (decision 020). */
function StatusNote({ book, isAdmin }: { book: AuthorBook | null; isAdmin: boolean }) {
  if (!book || book.status === 'draft')
    return (
      <Alert tone="info">
        Only you can see this draft. It saves as you write.{' '}
        {isAdmin
          ? 'Publish it when it is ready: as an admin, your book goes into the store at once.'
          : 'Submit it for review when it is ready: an editor reads it before it goes into the store.'}
      </Alert>
    )
  if (book.status === 'pending')
    return (
      <Alert tone="info">
        <p className="font-medium">Waiting for review.</p>
        <p className="mt-1">
          An editor is reading your book before it goes into the store; you will get a notification either
          way. You can keep writing meanwhile.
        </p>
      </Alert>
    )
  if (book.status === 'rejected')
    return (
      <Alert>
        <p className="font-medium">The reviewer sent this book back.</p>
        {book.rejectionReason && <p className="mt-1">{book.rejectionReason}</p>}
        <p className="mt-1">Make the changes, then submit it again.</p>
      </Alert>
    )
  return (
    <Alert tone="info">
      <p className="font-medium">This book is in the store.</p>
      <p className="mt-1">
        What you save here — details, price, preview, new, fixed, reordered or deleted chapters — goes live
        for readers at once, without another review. People who bought it keep it; a new price applies to new
        orders only. Nothing saves by itself: your changes go live when you press Save, or open another part
        of the book.
      </p>
    </Alert>
  )
}

/**
 * Writing a book: its details and its chapters side by side (stacked on a phone), one pane open at
 * a time; what is open is saved before another opens or the book is submitted.
 */
export function BookWorkspace({ book, isAdmin, onCreated }: BookWorkspaceProps) {
  const submit = useSubmitBook()
  const flushers: Flushers = useRef(new Map())
  const paneTop = useRef<HTMLDivElement>(null)
  const [pane, setPane] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const status = book?.status ?? null
  // A published book changes only when its author says so: its edits reach readers at once.
  const autosaves = status !== 'published'
  const submittable = book !== null && (status === 'draft' || status === 'rejected')
  const submitLabel = isAdmin ? 'Publish' : 'Submit for review'
  const openChapter = book?.chapters.some((c) => c.id === pane) ? pane : null

  const open = async (next: string | null) => {
    if (next === openChapter) return
    if (!(await flushAll(flushers))) {
      toast.error('Save what is open first: fix what is marked, or retry.')
      return
    }
    flushSync(() => setPane(next))
    // On a phone the pane sits under the contents: bring what was just opened into view.
    if (window.matchMedia?.('(max-width: 1023px)').matches)
      paneTop.current?.scrollIntoView?.({ block: 'start' })
  }

  const onAskSubmit = async () => {
    if (!(await flushAll(flushers))) {
      toast.error('Save what is open first: fix what is marked, or retry.')
      return
    }
    setConfirming(true)
  }

  const onConfirmSubmit = () => {
    if (!book) return
    submit.mutate(book.id, {
      onSuccess: (sent) => {
        setConfirming(false)
        toast.success(
          sent.status === 'published' ? 'Your book is in the store.' : 'Your book is waiting for review.',
        )
      },
      onError: () => setConfirming(false),
    })
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <ButtonLink to="/postbook" variant="ghost" size="sm" className="-ml-3">
            <ArrowLeft className="size-4" aria-hidden /> My books
          </ButtonLink>
          <div className="flex flex-wrap items-center gap-3">
            <BookStatusBadge status={status} />
            {book && (
              <p className="text-sm text-stone-500 tabular-nums">
                {countOf(book.chapterCount, 'chapter')} · {countOf(book.wordCount, 'word')} in total
              </p>
            )}
          </div>
          <h1 className="font-serif text-3xl font-semibold break-words text-stone-900 sm:text-4xl">
            {book?.title || 'A new book'}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {status === 'published' && book && (
            <ButtonLink to={bookPath(book.id)} variant="secondary">
              <BookOpen className="size-4" aria-hidden /> View in the store
            </ButtonLink>
          )}
          {submittable && (
            <Button onClick={() => void onAskSubmit()} busy={submit.isPending}>
              <Send className="size-4" aria-hidden /> {submitLabel}
            </Button>
          )}
        </div>
      </div>

      <StatusNote book={book} isAdmin={isAdmin} />

      <div className="grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <nav aria-label="Book contents" className="space-y-4 lg:sticky lg:top-6 lg:self-start">
          <button
            type="button"
            onClick={() => void open(null)}
            aria-current={openChapter === null ? 'true' : undefined}
            className={`block w-full rounded-lg border px-3 py-2 text-left text-sm font-medium ${openChapter === null ? 'border-ink-300 bg-ink-50 text-ink-900' : 'border-stone-200 bg-white text-stone-800 hover:bg-stone-50'}`}
          >
            Book details
            <span className="block text-xs font-normal text-stone-600">
              Title, cover, category, price and preview
            </span>
          </button>
          {book ? (
            <ChapterList
              bookId={book.id}
              chapters={book.chapters}
              selectedId={openChapter}
              onSelect={(id) => void open(id)}
              onAdded={(chapter) => void open(chapter.id)}
              onDeleted={(id) => id === openChapter && setPane(null)}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-stone-300 px-3 py-4 text-sm text-stone-500">
              Give the book a title: once its details are saved, you can add chapters.
            </p>
          )}
        </nav>

        <div ref={paneTop} className="min-w-0 scroll-mt-24">
          {book && openChapter ? (
            <ChapterEditor
              key={openChapter}
              bookId={book.id}
              chapterId={openChapter}
              autosaves={autosaves}
              flushers={flushers}
            />
          ) : (
            <BookDetailsForm book={book} autosaves={autosaves} flushers={flushers} onCreated={onCreated} />
          )}
        </div>
      </div>

      {confirming && book && (
        <Dialog
          title={isAdmin ? 'Publish this book?' : 'Submit this book for review?'}
          description={
            isAdmin
              ? `“${book.title}” goes into the Books Store at once, with ${countOf(book.chapterCount, 'chapter')}.`
              : `An editor reads “${book.title}” before it goes into the Books Store. You can keep writing while it waits; after it is published, your changes go live at once.`
          }
          onClose={() => !submit.isPending && setConfirming(false)}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button onClick={onConfirmSubmit} busy={submit.isPending}>
              {submitLabel}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  )
}
