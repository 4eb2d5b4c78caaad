import { NotebookPen, UserRoundX } from 'lucide-react'
import { useParams } from 'react-router'
import { SubscribeButton } from '#web/components/subscribe-button.tsx'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useWriterProfile } from '#web/data/subscriptions.ts'
import { WriterBooks } from '#web/features/books/components/book-shelves.tsx'
import { FeedList } from '#web/features/discovery/components/feed-list.tsx'
import { FirstPostNotice } from '#web/features/writers/components/first-post-notice.tsx'
import { WriterHeader } from '#web/features/writers/components/writer-header.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** /writer/:writerId: who the writer is, their totals, their books, and their published posts, newest first. */
export default function Writer() {
  const { writerId = '' } = useParams()
  const writer = useWriterProfile(writerId)
  const { data: me } = useMe()
  const missing = writer.error instanceof ApiError && writer.error.status === 404
  useDocumentTitle(writer.data?.name ?? (missing ? 'Writer not found' : ''))

  if (writer.isPending) return <ScreenSpinner label="Loading the writer…" />
  if (missing) return <WriterNotFound />
  if (!writer.data)
    return (
      <div className="mx-auto max-w-2xl py-10">
        <QueryError what="this writer" error={writer.error} onRetry={() => void writer.refetch()} />
      </div>
    )

  const isMe = me?.id === writer.data.id
  // Only I am answered my page while I have published nothing: it says so, and how to start.
  const unpublished = isMe && writer.data.posts === 0
  const firstName = writer.data.name.split(/\s+/)[0]
  return (
    <div className="space-y-10 pb-16">
      <WriterHeader
        writer={writer.data}
        action={
          isMe ? (
            <ButtonLink to="/settings" variant="secondary" size="sm">
              Edit profile
            </ButtonLink>
          ) : (
            <SubscribeButton writerId={writer.data.id} size="md" />
          )
        }
      />
      {unpublished && <FirstPostNotice />}
      <WriterBooks writerId={writer.data.id} firstName={firstName} isMe={isMe} />
      <section aria-labelledby="writer-posts-title">
        <h2 id="writer-posts-title" className="mb-5 text-2xl font-semibold">
          {isMe ? 'Your posts' : `Posts by ${firstName}`}
        </h2>
        <FeedList
          filters={{ writer: writer.data.id }}
          empty={
            <EmptyState
              icon={<NotebookPen className="size-8" aria-hidden />}
              title={isMe ? 'You have not published yet' : `${writer.data.name} has not published yet`}
            >
              {isMe ? (
                <p>Your published lessons and stories will be listed here for readers.</p>
              ) : (
                <p>Their lessons and stories will appear here once they are published.</p>
              )}
            </EmptyState>
          }
        />
      </section>
    </div>
  )
}

function WriterNotFound() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="writer-missing-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <UserRoundX className="size-7" aria-hidden />
      </div>
      <h1 id="writer-missing-title" className="font-serif text-3xl font-semibold">
        We can’t find this writer
      </h1>
      <p className="mt-3 text-stone-600">
        The link may be mistyped, or the person has not published anything on Inkwell yet.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/profile">Browse writers</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Find something to read
        </ButtonLink>
      </div>
    </section>
  )
}
