import { z } from 'zod'
import { BOOK_REVIEW_MAX_LENGTH } from '../constants.ts'
import { BookRating } from './books.ts'
import { text, wholeNumber } from './fields.ts'
import { PostAuthor } from './posts.ts'

// Readers' ratings and reviews of a book (decision 020): an owner, never the author, gives 1–5
// stars and an optional plain-text review, one per book (saving again replaces it). Not the
// admins' review queue for new books (BookReviewItem in books.ts).

export const ReaderReviewInput = z.object({
  stars: wholeNumber('Choose from 1 to 5 stars', 'Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  text: text()
    .max(
      BOOK_REVIEW_MAX_LENGTH,
      `Keep the review under ${BOOK_REVIEW_MAX_LENGTH.toLocaleString('en')} characters`,
    )
    .default(''),
})
export type ReaderReviewInput = z.infer<typeof ReaderReviewInput>

export const ReaderReview = z.object({
  id: z.string(),
  bookId: z.string(),
  stars: z.number().int(),
  /** Plain text ('' for stars alone): shown as text, never as HTML. */
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewer: PostAuthor,
})
export type ReaderReview = z.infer<typeof ReaderReview>

/** How many gave each number of stars, from 5 down to 1. */
export const StarCount = z.object({ stars: z.number().int(), count: z.number().int() })
export type StarCount = z.infer<typeof StarCount>

/** `GET /api/books/:id/reviews`: one keyset page, newest first, with the book's rating and the viewer's own review. */
export const ReaderReviewsPage = z.object({
  items: z.array(ReaderReview),
  nextCursor: z.string().nullable(),
  rating: BookRating,
  distribution: z.array(StarCount),
  /** The signed-in viewer's review (null when signed out or not rated). */
  mine: ReaderReview.nullable(),
})
export type ReaderReviewsPage = z.infer<typeof ReaderReviewsPage>
