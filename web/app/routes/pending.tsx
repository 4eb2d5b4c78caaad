import { PageHeader } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { BookReviewQueue } from '#web/features/books/review/book-review-queue.tsx'
import { MyBooksInReview } from '#web/features/books/review/my-books-in-review.tsx'
import { ExamReviewQueue } from '#web/features/exams/components/exam-review-queue.tsx'
import { MyPostsByStatus } from '#web/features/review/components/my-posts-by-status.tsx'
import { PostReviewQueue } from '#web/features/review/components/review-queue.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** Posts, exams and books on their way to readers: the admins' queues first, then the writer's own posts. */
export default function Pending() {
  useDocumentTitle('Pending')
  const { data: me, isPending } = useMe()

  // The auth guard has already waited for the session; the role comes with the profile.
  if (isPending) return <ScreenSpinner label="Loading your profile…" />
  const isAdmin = me?.role === 'admin'

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Pending"
        description={
          isAdmin
            ? 'Decide on the posts, exams and books writers have submitted, and follow your own posts through review.'
            : 'Your posts on their way to readers: the ones an editor is reading, and the ones that need changes.'
        }
      />
      <div className="space-y-12">
        {isAdmin && <PostReviewQueue />}
        {isAdmin && <ExamReviewQueue />}
        {isAdmin && <BookReviewQueue />}
        <MyPostsByStatus status="pending" />
        <MyPostsByStatus status="rejected" />
        <MyBooksInReview status="pending" />
        <MyBooksInReview status="rejected" />
      </div>
    </div>
  )
}
