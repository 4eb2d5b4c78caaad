import { Inbox } from 'lucide-react'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useReviewQueue } from '../api/get-review-queue.ts'
import { LoadMore } from './load-more.tsx'
import { ReviewItem } from './review-item.tsx'

/** The admins' queue of posts waiting for a decision. */
export function ReviewQueue() {
  const queue = useReviewQueue()
  const posts = queue.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <section aria-labelledby="review-queue-title">
      <h2 id="review-queue-title" className="text-xl font-semibold">
        Review queue
      </h2>
      <p className="mt-1 text-sm text-stone-600">Posts writers have submitted, the longest-waiting first.</p>
      <div className="mt-4">
        {queue.isPending ? (
          <Spinner label="Loading the review queue…" />
        ) : queue.error ? (
          <Alert>{queue.error.message}</Alert>
        ) : posts.length === 0 ? (
          <EmptyState icon={<Inbox className="size-8" aria-hidden />} title="The review queue is empty">
            New submissions appear here.
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-4">
              {posts.map((post) => (
                <ReviewItem key={post.id} post={post} />
              ))}
            </ul>
            <LoadMore
              hasNextPage={queue.hasNextPage}
              isFetchingNextPage={queue.isFetchingNextPage}
              fetchNextPage={queue.fetchNextPage}
            />
          </>
        )}
      </div>
    </section>
  )
}
