import { useInfiniteQuery } from '@tanstack/react-query'
import { bookEditorPath } from '#common/paths.ts'
import type { AuthorBookSummary } from '#common/schemas/books.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { formatDate } from '#web/lib/format.ts'
import { bookQueries } from '../api/book-queries.ts'

const SECTIONS = {
  pending: {
    title: 'Books waiting for review',
    description:
      'An editor reads each book before it goes into the Books Store. You can keep writing meanwhile.',
  },
  rejected: {
    title: 'Books that need changes',
    description: 'Books an editor sent back, with their note. Change one and submit it again.',
  },
} as const

/**
 * The writer's own books in one moderation state, beside their posts in /pending. Shown only when
 * there is one: most writers have no book, and My books holds them all anyway.
 */
export function MyBooksInReview({ status }: { status: 'pending' | 'rejected' }) {
  const query = useInfiniteQuery(bookQueries.mineInReview(status))
  const books = query.data?.pages.flatMap((page) => page.items) ?? []
  const section = SECTIONS[status]
  const titleId = `my-books-${status}-title`
  if (query.isPending || (!query.error && books.length === 0)) return null

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {section.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{section.description}</p>
      <div className="mt-4">
        {query.error ? (
          <Alert>{query.error.message}</Alert>
        ) : (
          <>
            <ul className="space-y-3">
              {books.map((book) => (
                <MyBookItem key={book.id} book={book} />
              ))}
            </ul>
            <LoadMore pages={query} />
          </>
        )}
      </div>
    </section>
  )
}

function MyBookItem({ book }: { book: AuthorBookSummary }) {
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-stone-500">
            Book · {book.status === 'pending' ? 'Submitted' : 'Sent back'}{' '}
            <time dateTime={book.updatedAt}>{formatDate(book.updatedAt)}</time>
          </p>
          <h3 className="mt-1 font-serif text-lg font-semibold break-words text-stone-900">{book.title}</h3>
        </div>
        <ButtonLink
          to={bookEditorPath(book.id)}
          variant="secondary"
          size="sm"
          aria-label={`Edit ${book.title}`}
        >
          Edit
        </ButtonLink>
      </div>
      {book.status === 'rejected' && book.rejectionReason && (
        <blockquote className="mt-4 rounded-lg border-l-4 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">Reviewer’s note</p>
          <p className="mt-1 whitespace-pre-line">{book.rejectionReason}</p>
        </blockquote>
      )}
    </li>
  )
}
