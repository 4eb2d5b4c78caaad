import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { STARS } from '#common/constants.ts'
import { bookPath } from '#common/paths.ts'
import type { ReaderReview, ReaderReviewInput, ReaderReviewsPage } from '#common/schemas/book-reviews.ts'
import type { PageQuery } from '#common/schemas/fields.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { authorize, bookPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { bookReview, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { type BookRow, ratingOf } from './book-rows.ts'
import { findVisibleBook } from './reading.service.ts'

// Readers' stars and reviews (decision 020): an owner of a book in the store, never its author,
// rates it once (saving again replaces the review). The book's rating_count, rating_sum and
// rating_avg follow the book_review rows by trigger (migration 0018), however a review goes
// (saved, deleted, removed after a report, or with a deleted account).

type ReviewRow = typeof bookReview.$inferSelect
type Reviewer = ReaderReview['reviewer']

const reviewerColumns = { id: user.id, name: user.name, image: user.image }

const toReview = (r: ReviewRow, reviewer: Reviewer): ReaderReview => ({
  id: r.id,
  bookId: r.bookId,
  stars: r.stars,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  reviewer,
})

/** Where a book's reviews are read. */
export const reviewsLink = (bookId: string) => `${bookPath(bookId)}#reviews`

/** The book `actor` may rate: in the store, owned by them, not written by them. */
async function findRatableBook(ctx: AppContext, actor: SessionUser, bookId: string): Promise<BookRow> {
  const { row, owned } = await findVisibleBook(ctx, actor, bookId)
  authorize(bookPolicy.review, actor, row, 'You wrote this book: you cannot rate it')
  if (row.status !== 'published')
    throw new AppError('conflict', 'This book is not in the store, so it cannot be rated now')
  authorize(bookPolicy.rate, actor, { ...row, owned }, 'Only readers who own this book can rate it')
  return row
}

async function reviewerOf(db: Db | Tx, id: string): Promise<Reviewer> {
  const [found] = await db.select(reviewerColumns).from(user).where(eq(user.id, id))
  return found
}

export interface SavedReview {
  /** false when it replaced the reader's earlier review. */
  created: boolean
  review: ReaderReview
}

/** PUT /api/books/:id/review: the owner's stars and review, new or replacing their earlier one. */
export async function saveReview(
  ctx: AppContext,
  actor: SessionUser,
  bookId: string,
  input: ReaderReviewInput,
): Promise<SavedReview> {
  const rated = await findRatableBook(ctx, actor, bookId)
  return ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(bookReview)
      .values({ bookId, reviewerId: actor.id, stars: input.stars, text: input.text })
      .onConflictDoUpdate({
        target: [bookReview.bookId, bookReview.reviewerId],
        set: { stars: input.stars, text: input.text, updatedAt: sql`now()` },
      })
      // xmax is 0 only on a row this statement inserted (an updated row carries its updater's id).
      .returning({ ...getTableColumns(bookReview), created: sql<boolean>`(xmax = 0)` })
    const { created, ...row } = saved
    const reviewer = await reviewerOf(tx, actor.id)
    // Last in the transaction (notify holds the events lock until commit). Edits are not news.
    if (created) {
      const stars = row.stars === 1 ? '1 star' : `${row.stars} stars`
      await notify(
        tx,
        rated.authorId,
        'book_reviewed',
        `${reviewer.name} rated “${rated.title}” ${stars}${row.text ? ' and wrote a review' : ''}`,
        reviewsLink(bookId),
      )
    }
    return { created, review: toReview(row, reviewer) }
  })
}

/** DELETE /api/books/:id/review: the reader takes back their own rating and review. */
export async function deleteReview(ctx: AppContext, actor: SessionUser, bookId: string): Promise<void> {
  await findVisibleBook(ctx, actor, bookId)
  const deleted = await ctx.db
    .delete(bookReview)
    .where(and(eq(bookReview.bookId, bookId), eq(bookReview.reviewerId, actor.id)))
    .returning({ id: bookReview.id })
  if (deleted.length === 0) throw new AppError('not_found', 'You have not rated this book')
}

/**
 * GET /api/books/:id/reviews: a keyset page of the book's reviews, newest first, with the book's
 * rating, how many gave each number of stars, and the viewer's own review. Public for a book in
 * the store; a book out of it shows its reviews only to those who still see it (decision 020).
 */
export async function listReviews(
  ctx: AppContext,
  viewer: SessionUser | null,
  bookId: string,
  query: z.infer<typeof PageQuery>,
): Promise<ReaderReviewsPage> {
  const { row } = await findVisibleBook(ctx, viewer, bookId)
  const rows = await ctx.db
    .select({ review: bookReview, reviewer: reviewerColumns })
    .from(bookReview)
    .innerJoin(user, eq(user.id, bookReview.reviewerId))
    .where(and(eq(bookReview.bookId, bookId), afterCursor(query.cursor, bookReview.createdAt, bookReview.id)))
    .orderBy(desc(bookReview.createdAt), desc(bookReview.id))
    .limit(query.limit + 1)
  const page = toPage(
    rows.map((r) => ({ ...r, id: r.review.id, createdAt: r.review.createdAt })),
    query.limit,
    (r) => toReview(r.review, r.reviewer),
  )
  const counts = await ctx.db
    .select({ stars: bookReview.stars, count: sql<number>`count(*)::int` })
    .from(bookReview)
    .where(eq(bookReview.bookId, bookId))
    .groupBy(bookReview.stars)
  const countOf = new Map(counts.map((c) => [c.stars, c.count]))
  let mine: ReaderReview | null = null
  if (viewer) {
    const [own] = await ctx.db
      .select({ review: bookReview, reviewer: reviewerColumns })
      .from(bookReview)
      .innerJoin(user, eq(user.id, bookReview.reviewerId))
      .where(and(eq(bookReview.bookId, bookId), eq(bookReview.reviewerId, viewer.id)))
    mine = own ? toReview(own.review, own.reviewer) : null
  }
  return {
    ...page,
    rating: ratingOf(row),
    distribution: [...STARS].reverse().map((stars) => ({ stars, count: countOf.get(stars) ?? 0 })),
    mine,
  }
}
