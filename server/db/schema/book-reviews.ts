import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { book } from './books.ts'

// Ratings and reviews of books (migration 0018): one per owner and book, 1–5 stars and an optional
// plain-text review. book.rating_count and rating_sum follow every insert, edit and delete by a
// trigger (a deleted account's reviews go by cascade), and rating_avg is generated from them.

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

export const bookReview = pgTable(
  'book_review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => book.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    /** Plain text, never HTML; '' for a rating without a review. */
    text: text('text').notNull().default(''),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('book_review_book_reviewer_unique').on(t.bookId, t.reviewerId),
    // A book's reviews, newest first (keyset on created_at, id; scanned backwards).
    index('book_review_book_created_idx').on(t.bookId, t.createdAt, t.id),
    index('book_review_reviewer_idx').on(t.reviewerId),
    check('book_review_stars_check', sql`${t.stars} between 1 and 5`),
  ],
)
