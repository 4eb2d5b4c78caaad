import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { bookQueries } from '#web/features/books/api/book-queries.ts'
import { BookDetails } from '#web/features/books/components/book-details.tsx'
import { BookNotFound, BookPageSkeleton } from '#web/features/books/components/book-page-states.tsx'
import { BookReader } from '#web/features/books/components/book-reader.tsx'
import { BookReviewsSection } from '#web/features/books/components/book-reviews.tsx'
import { PassageHighlights } from '#web/features/highlights/components/passage-highlights.tsx'
import { KeepOfflineButton } from '#web/features/offline/kept-books-button.tsx'
import { ReportButton } from '#web/features/reports/components/report-button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useMe, useSession } from '#web/lib/session.ts'

/**
 * /read/:bookId is the book's page; /read/:bookId?chapter=<id> reads that chapter (the address
 * keeps the place: Back, a bookmark or a shared link open the same chapter).
 */
export default function ReadBook() {
  const { bookId = '' } = useParams()
  const [params] = useSearchParams()
  const chapterId = params.get('chapter')
  const book = useQuery(bookQueries.detail(bookId))
  const { loggedIn } = useSession()
  const { data: me } = useMe()
  const missing = book.error instanceof ApiError && (book.error.status === 404 || book.error.status === 400)

  if (book.isPending) return <BookPageSkeleton />
  if (missing) return <BookNotFound />
  if (!book.data)
    return (
      <div className="mx-auto max-w-2xl py-10">
        <h1 className="mb-6 text-3xl font-semibold">Book</h1>
        <QueryError what="this book" error={book.error} onRetry={() => void book.refetch()} />
      </div>
    )
  return chapterId ? (
    <BookReader
      book={book.data}
      chapterId={chapterId}
      viewerId={me?.id}
      signedIn={loggedIn}
      bodyTools={
        loggedIn
          ? (body, shown) => <PassageHighlights body={body} target={{ bookId, chapterId }} content={shown} />
          : undefined
      }
    />
  ) : (
    <>
      <BookDetails
        book={book.data}
        viewerId={me?.id}
        signedIn={loggedIn}
        offlineAction={<KeepOfflineButton book={book.data} />}
      />
      {book.data.status === 'published' && (
        <BookReviewsSection
          book={book.data}
          viewerId={me?.id}
          reportAction={(review) => <ReportButton targetType="book_review" targetId={review.id} />}
        />
      )}
    </>
  )
}
