import { ReviewQueueSection } from '#web/components/ui/review-queue-section.tsx'
import { useReviewQueue } from '../api/get-review-queue.ts'
import { ReviewItem } from './review-item.tsx'

/** The admins' queue of posts waiting for a decision. */
export function ReviewQueue() {
  return (
    <ReviewQueueSection
      id="review-queue-title"
      title="Review queue"
      description="Posts writers have submitted, the longest-waiting first."
      query={useReviewQueue()}
      loadingLabel="Loading the review queue…"
      emptyTitle="The review queue is empty"
    >
      {(post) => <ReviewItem key={post.id} post={post} />}
    </ReviewQueueSection>
  )
}
