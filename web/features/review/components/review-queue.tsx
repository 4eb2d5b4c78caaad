import { useInfiniteQuery } from '@tanstack/react-query'
import { ReviewQueue } from '#web/components/review-queue/review-queue.tsx'
import { reviewQueries } from '../api/review-queries.ts'
import { ReviewItem } from './review-item.tsx'

/** The admins' queue of posts waiting for a decision. */
export function PostReviewQueue() {
  return (
    <ReviewQueue
      id="review-queue-title"
      title="Review queue"
      description="Posts writers have submitted, the longest-waiting first."
      query={useInfiniteQuery(reviewQueries.queue())}
      loadingLabel="Loading the review queue…"
      emptyTitle="The review queue is empty"
    >
      {(post) => <ReviewItem key={post.id} post={post} />}
    </ReviewQueue>
  )
}
