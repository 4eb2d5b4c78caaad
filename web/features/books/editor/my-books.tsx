import { useInfiniteQuery } from '@tanstack/react-query'
import { BookImage, BookOpen, Pencil, Trash } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '#common/money.ts'
import { bookEditorPath, bookPath } from '#common/paths.ts'
import type { AuthorBookSummary } from '#common/schemas/books.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { countOf } from '#web/lib/format.ts'
import { useDeleteBook } from '../api/author-books.ts'
import { bookQueries } from '../api/book-queries.ts'
import { BookStatusBadge } from './book-status.tsx'

/** A draft or a rejected book can go; one in review or in the store stays (owners keep it). */
const deletable = (book: AuthorBookSummary) => book.status === 'draft' || book.status === 'rejected'

function BookRow({ book, onDelete }: { book: AuthorBookSummary; onDelete: () => void }) {
  return (
    <li className="flex gap-4 py-5">
      {book.coverImage ? (
        <img
          src={book.coverImage}
          alt=""
          className="aspect-[2/3] w-14 shrink-0 rounded object-cover shadow-sm ring-1 ring-stone-200"
        />
      ) : (
        <div className="flex aspect-[2/3] w-14 shrink-0 items-center justify-center rounded bg-stone-100 text-stone-400">
          <BookImage className="size-5" aria-hidden />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-serif text-lg font-semibold break-words text-stone-900">{book.title}</h3>
          {book.subtitle && <p className="text-sm text-stone-600">{book.subtitle}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
            <BookStatusBadge status={book.status} />
            <span>{countOf(book.chapterCount, 'chapter')}</span>
            <span aria-hidden="true">·</span>
            <span>{countOf(book.wordCount, 'word')}</span>
            <span aria-hidden="true">·</span>
            <span>{book.price === 0 ? 'Free' : formatMoney(book.price, book.currency)}</span>
            {book.status === 'published' && (
              <>
                <span aria-hidden="true">·</span>
                <span>{countOf(book.salesCount, 'copy', 'copies')} sold</span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>
              Updated <TimeAgo iso={book.updatedAt} />
            </span>
          </p>
          {book.status === 'rejected' && book.rejectionReason && (
            <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              <span className="font-medium">Reviewer’s note:</span> {book.rejectionReason}
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          <ButtonLink
            to={bookEditorPath(book.id)}
            variant="ghost"
            size="sm"
            aria-label={`Edit “${book.title}”`}
          >
            <Pencil className="size-4" aria-hidden /> Edit
          </ButtonLink>
          {book.status === 'published' && (
            <ButtonLink to={bookPath(book.id)} variant="ghost" size="sm" aria-label={`View “${book.title}”`}>
              <BookOpen className="size-4" aria-hidden /> View
            </ButtonLink>
          )}
          {deletable(book) && (
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete “${book.title}”`}>
              <Trash className="size-4" aria-hidden /> Delete
            </Button>
          )}
        </div>
      </div>
    </li>
  )
}

/** My books: every book the writer started, whatever its status, the latest change first. */
export function MyBooks() {
  const books = useInfiniteQuery(bookQueries.mine())
  const remove = useDeleteBook()
  const [deleting, setDeleting] = useState<AuthorBookSummary | null>(null)

  if (books.isPending) return <ScreenSpinner label="Loading your books…" />
  if (books.isError)
    return (
      <Alert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>We couldn't load your books. {books.error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void books.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    )

  const items = books.data.pages.flatMap((page) => page.items)
  if (items.length === 0)
    return (
      <EmptyState icon={<BookOpen className="size-8" aria-hidden />} title="You have not started a book yet">
        <p>Write it chapter by chapter, give away a preview, and sell it in the Books Store.</p>
        <ButtonLink to="/postbook?new" className="mt-4">
          Start your first book
        </ButtonLink>
      </EmptyState>
    )

  return (
    <div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-5 sm:px-6">
        {items.map((book) => (
          <BookRow key={book.id} book={book} onDelete={() => setDeleting(book)} />
        ))}
      </ul>
      <LoadMore pages={books} />
      {deleting && (
        <Dialog
          title={`Delete “${deleting.title}”?`}
          description={`The book and its ${countOf(deleting.chapterCount, 'chapter')} are deleted for good. This cannot be undone.`}
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
                    toast.success('The book is deleted.')
                    setDeleting(null)
                  },
                  onError: () => setDeleting(null),
                })
              }
            >
              Delete book
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  )
}
