import { useQuery } from '@tanstack/react-query'
import { ArrowRight, BookOpen } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { SHOWN } from '#common/query-keys.ts'
import type { BookCard } from '#common/schemas/books.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf, ShelfEmpty } from '#web/components/ui/shelf.tsx'
import { bookQueries } from '../api/book-queries.ts'
import { BookCardItem, BookGridSkeleton } from './book-card.tsx'

// Books where readers meet them outside the store: the home page's best sellers, a writer's page
// and a subject's hub. Each is a few cards from GET /api/books, and nothing at all where it would
// be an empty shelf on someone else's page.

/** One row's worth: two rows of two or three on a phone or tablet, one row on a desktop. */
export const SHELF_GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-6'

function ShelfGrid({ books }: { books: BookCard[] }) {
  return (
    <ul className={SHELF_GRID}>
      {books.map((book) => (
        <li key={book.id}>
          <BookCardItem book={book} />
        </li>
      ))}
    </ul>
  )
}

/** Home: the store's best sellers, with the way to the store. Hidden while the store is empty. */
export function TopBooks() {
  const shelf = useQuery(bookQueries.shelf({ sort: 'bestselling' }, SHOWN.topBooks))
  const frame = (children: ReactNode) => (
    <Shelf
      title="Top books"
      description="The Books Store’s best sellers: lessons and stories to read chapter by chapter."
      more={{ to: '/books?sort=bestselling', label: 'Browse the Books Store' }}
    >
      {children}
    </Shelf>
  )
  if (shelf.isPending) return frame(<BookGridSkeleton count={SHOWN.topBooks} label="Loading top books…" />)
  if (shelf.isError)
    return frame(<QueryError what="top books" error={shelf.error} onRetry={() => void shelf.refetch()} />)
  if (shelf.data.items.length === 0) return null
  return frame(<ShelfGrid books={shelf.data.items} />)
}

/**
 * A writer's page: their published books, best-selling first. On someone else's page nothing
 * shows until there is a book; on your own, an empty shelf says where to write one.
 */
export function WriterBooks({
  writerId,
  firstName,
  isMe,
}: {
  writerId: string
  firstName: string
  isMe: boolean
}) {
  const shelf = useQuery(bookQueries.shelf({ writer: writerId, sort: 'bestselling' }, SHOWN.writerBooks))
  const id = useId()
  const books = shelf.data?.items ?? []
  if (books.length === 0 && !(isMe && shelf.isSuccess)) return null
  // Headed like the page's posts below it.
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-2xl font-semibold">
        {isMe ? 'Your books' : `Books by ${firstName}`}
      </h2>
      {books.length > 0 ? (
        <ShelfGrid books={books} />
      ) : (
        <ShelfEmpty icon={BookOpen} action={{ to: '/postbook?new', label: 'Write a book' }}>
          Your published books will be here for readers, beside your posts.
        </ShelfEmpty>
      )}
    </section>
  )
}

/** A subject hub's books, best-selling first, with the way to the rest. Nothing while it has none. */
export function SubjectBooks({ slug, name }: { slug: string; name: string }) {
  const shelf = useQuery(
    bookQueries.shelf({ category: 'academic', subject: slug, sort: 'bestselling' }, SHOWN.subjectBooks),
  )
  const id = useId()
  const books = shelf.data?.items ?? []
  if (books.length === 0) return null
  return (
    <section aria-labelledby={id}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
          Books
        </h2>
        <Link
          to={`/books?category=academic&subject=${encodeURIComponent(slug)}&sort=bestselling`}
          className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
        >
          All {name} books
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ShelfGrid books={books} />
    </section>
  )
}
