import { useQuery } from '@tanstack/react-query'
import { BookX, Plus } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Alert, EmptyState, PageHeader } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { bookQueries } from '#web/features/books/api/book-queries.ts'
import { BookWorkspace } from '#web/features/books/editor/book-workspace.tsx'
import { MyBooks } from '#web/features/books/editor/my-books.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/**
 * /postbook lists the writer's books; /postbook?new starts one and /postbook?id=<id> writes one of
 * theirs (an admin may open any; someone else's answers 404). ?id= is also where the server's
 * "sent back" notification points, as /post?id= is for posts.
 */
export default function Postbook() {
  const [params, setParams] = useSearchParams()
  const id = params.get('id') || null
  const listing = id === null && !params.has('new')
  useDocumentTitle(listing ? 'My books' : id ? 'Edit book' : 'New book')
  const me = useMe()
  const book = useQuery({ ...bookQueries.authored(id ?? ''), enabled: Boolean(id) })

  if (listing)
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader
          title="My books"
          description="Write a book chapter by chapter, give away a preview and sell it in the Books Store."
          actions={
            <ButtonLink to="/postbook?new">
              <Plus className="size-4" aria-hidden /> New book
            </ButtonLink>
          }
        />
        <h2 className="sr-only">Your books</h2>
        <MyBooks />
      </div>
    )

  if (id && book.isPending) return <ScreenSpinner label="Loading your book…" />
  if (id && book.error) {
    if (book.error instanceof ApiError && (book.error.status === 404 || book.error.status === 400))
      return (
        <div className="mx-auto max-w-xl py-10">
          <EmptyState icon={<BookX className="size-8" aria-hidden />} title="We can't find that book">
            <p>It may have been deleted, or it belongs to someone else.</p>
            <div className="mt-4 flex justify-center gap-2">
              <ButtonLink to="/postbook" variant="secondary">
                My books
              </ButtonLink>
              <ButtonLink to="/postbook?new">Start a new book</ButtonLink>
            </div>
          </EmptyState>
        </div>
      )
    return (
      <div className="mx-auto max-w-xl py-10">
        <Alert>We couldn't load your book. {book.error.message}</Alert>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl">
      <BookWorkspace
        book={book.data ?? null}
        isAdmin={me.data?.role === 'admin'}
        onCreated={(created) => setParams({ id: created.id }, { replace: true })}
      />
    </div>
  )
}
