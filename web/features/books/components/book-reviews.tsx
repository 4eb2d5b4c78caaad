import { useInfiniteQuery } from '@tanstack/react-query'
import { Star, TriangleExclamationPoint } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { ReaderReview, StarCount } from '#common/schemas/book-reviews.ts'
import type { BookPage } from '#common/schemas/books.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { countOf, formatLongDate } from '#web/lib/format.ts'
import { bookQueries } from '../api/book-queries.ts'
import { useDeleteReview } from '../api/books.ts'
import { formatAverage, ratingLabel, Stars } from './star-rating.tsx'

// The form (zod, react-hook-form) loads when an owner is shown it, not with every book page
// (decision 032: the page's first task has no zod).
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })))

const starsLabel = (n: number) => `${n} out of 5 stars`

/** How many gave each number of stars, as bars (read out as "5 stars: 8 ratings"). */
function Distribution({ distribution, total }: { distribution: StarCount[]; total: number }) {
  return (
    <ul aria-label="Ratings by stars" className="w-full max-w-xs space-y-1.5">
      {distribution.map(({ stars, count }) => (
        <li key={stars} className="flex items-center gap-2 text-sm text-stone-700">
          <span className="sr-only">
            {stars === 1 ? '1 star' : `${stars} stars`}: {countOf(count, 'rating')}
          </span>
          <span aria-hidden="true" className="flex w-7 items-center gap-0.5 tabular-nums">
            {stars}
            <Star className="size-3.5 fill-amber-500 text-amber-500" strokeWidth={1.5} />
          </span>
          <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
            <span
              className="block h-full rounded-full bg-amber-500"
              style={{ width: `${total ? (count / total) * 100 : 0}%` }}
            />
          </span>
          <span aria-hidden="true" className="w-8 text-right text-stone-600 tabular-nums">
            {count}
          </span>
        </li>
      ))}
    </ul>
  )
}

function ReviewItem({ review, action }: { review: ReaderReview; action?: ReactNode }) {
  const edited = review.updatedAt !== review.createdAt
  return (
    <li className="py-5 first:pt-0">
      <article aria-label={`Review by ${review.reviewer.name}`}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Avatar name={review.reviewer.name} image={review.reviewer.image} size="sm" />
          <span className="font-medium text-stone-900">{review.reviewer.name}</span>
          <Stars value={review.stars} label={starsLabel(review.stars)} />
          <span className="text-sm text-stone-500">
            <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
            {edited && ' · edited'}
          </span>
          {action && <span className="ml-auto">{action}</span>}
        </header>
        {review.text && (
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-stone-800">{review.text}</p>
        )}
      </article>
    </li>
  )
}

function DeleteReviewDialog({ bookId, onClose }: { bookId: string; onClose: () => void }) {
  const remove = useDeleteReview(bookId)
  return (
    <Dialog
      title="Delete your review?"
      description="Your stars and your review are taken off this book. You can rate it again later."
      icon={
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleExclamationPoint className="size-5" aria-hidden />
        </div>
      }
      onClose={() => {
        if (!remove.isPending) onClose()
      }}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
        >
          Delete review
        </Button>
      </div>
    </Dialog>
  )
}

/** The owner's own rating: the form for a first one, else the review with Edit and Delete. */
function MyReview({ bookId, mine }: { bookId: string; mine: ReaderReview | null }) {
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  return (
    <section
      aria-labelledby="my-review"
      className="rounded-2xl border border-ink-100 bg-ink-50/40 p-5 shadow-sm sm:p-6"
    >
      <h3 id="my-review" className="text-lg font-semibold">
        {mine ? 'Your review' : 'Rate this book'}
      </h3>
      <div className="mt-3">
        {!mine || editing ? (
          <Suspense fallback={<p className="text-sm text-stone-600">Loading the form…</p>}>
            <ReviewForm
              key={mine?.updatedAt ?? 'new'}
              bookId={bookId}
              mine={mine}
              onDone={() => setEditing(false)}
              onCancel={mine ? () => setEditing(false) : undefined}
            />
          </Suspense>
        ) : (
          <>
            <Stars value={mine.stars} label={starsLabel(mine.stars)} size="md" />
            {mine.text ? (
              <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-stone-800">
                {mine.text}
              </p>
            ) : (
              <p className="mt-2 text-sm text-stone-600">No review text. Add one to tell others why.</p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-800! hover:bg-red-50!"
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            </div>
          </>
        )}
      </div>
      {deleting && <DeleteReviewDialog bookId={bookId} onClose={() => setDeleting(false)} />}
    </section>
  )
}

interface BookReviewsSectionProps {
  book: BookPage
  viewerId: string | undefined
  /** A Report button for someone else's review (the route composes it from the reports feature). */
  reportAction?: (review: ReaderReview) => ReactNode
}

/** Ratings & reviews on the book page: the average, the distribution, the owner's form and the reviews. */
export function BookReviewsSection({ book, viewerId, reportAction }: BookReviewsSectionProps) {
  const reviews = useInfiniteQuery(bookQueries.reviews(book.id))
  const first = reviews.data?.pages[0]
  const rating = first?.rating ?? book.rating
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? []
  const isAuthor = viewerId === book.author.id
  const canRate = !!viewerId && book.owned && !isAuthor && book.status === 'published'

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mx-auto max-w-5xl scroll-mt-20 pb-16">
      <h2 id="reviews-heading" className="text-2xl font-semibold">
        Ratings &amp; reviews
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div className="space-y-5">
          {rating.count > 0 ? (
            <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <p className="flex items-center gap-3">
                <span aria-hidden="true" className="font-serif text-4xl font-semibold text-stone-900">
                  {formatAverage(rating.average)}
                </span>
                <span className="flex flex-col gap-1">
                  <Stars value={rating.average} label={ratingLabel(rating.average, rating.count)} size="md" />
                  <span aria-hidden="true" className="text-sm text-stone-600">
                    {countOf(rating.count, 'rating')}
                  </span>
                </span>
              </p>
              {first && <Distribution distribution={first.distribution} total={rating.count} />}
            </div>
          ) : null}
          {canRate && first && <MyReview bookId={book.id} mine={first.mine} />}
          {!canRate && !isAuthor && book.status === 'published' && (
            <p className="text-sm text-stone-600">Readers who own this book can rate and review it.</p>
          )}
        </div>
        <div className="min-w-0">
          {reviews.isPending ? (
            <div role="status" className="space-y-4">
              <span className="sr-only">Loading reviews…</span>
              {[0, 1].map((i) => (
                <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-stone-100" />
              ))}
            </div>
          ) : reviews.isError ? (
            <QueryError what="the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState icon={<Star className="size-8" aria-hidden />} title="No ratings yet">
              {canRate ? 'Be the first to rate this book.' : 'Owners can rate this book from 1 to 5 stars.'}
            </EmptyState>
          ) : (
            <>
              <ul aria-label="Reviews" className="divide-y divide-stone-200">
                {items.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    action={viewerId && review.reviewer.id !== viewerId ? reportAction?.(review) : undefined}
                  />
                ))}
              </ul>
              <LoadMore pages={reviews} label="More reviews" />
            </>
          )}
        </div>
      </div>
    </section>
  )
}
