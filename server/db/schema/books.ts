import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { BOOK_PRICE_MAX, BOOK_PRICE_MIN } from '#common/constants.ts'
import type { BookCategory, BookStatus } from '#common/schemas/books.ts'
import { user } from './auth.ts'
import { order } from './payments.ts'
import { tsvector } from './posts.ts'
import { subject } from './subjects.ts'

// Books Store (decision 020). Times are timestamp(3), like every keyset-paged column.

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

export const book = pgTable(
  'book',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** The blurb: plain text. */
    description: text('description').notNull().default(''),
    /** An uploaded image's address (/api/files/…), as posts store covers. */
    coverImage: text('cover_image'),
    category: text('category').$type<BookCategory>().notNull(),
    subjectSlug: text('subject_slug').references(() => subject.slug),
    language: text('language').notNull().default('en'),
    /** Minor units: 0 is free. */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** The first this many chapters are a free preview. */
    previewChapters: integer('preview_chapters').notNull().default(1),
    status: text('status').$type<BookStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    // Kept by the chapter writes (the book row is locked while they run).
    chapterCount: integer('chapter_count').notNull().default(0),
    wordCount: integer('word_count').notNull().default(0),
    /** Paid copies owned now: +1 when a paid order grants the book, -1 when its refund takes it back. */
    salesCount: integer('sales_count').notNull().default(0),
    /** Kept by the book_review trigger (migration 0018), so cards and sorts read them for free. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The average of the stars, to two decimals; 0 while nobody has rated the book. */
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`case when rating_count = 0 then 0 else round(rating_sum::numeric / rating_count, 2) end`,
      ),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
    publishedAt: ms('published_at'),
    /** Full-text search: title (A) > subtitle and description (B). Never the chapters. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, subtitle || ' ' || description), 'B')`,
      ),
  },
  (t) => [
    // Ascending on purpose: scanned backwards they serve ORDER BY … DESC, id DESC (decision 005).
    index('book_author_updated_idx').on(t.authorId, t.updatedAt, t.id),
    // The review queue: pending books, oldest change first.
    index('book_status_updated_idx').on(t.status, t.updatedAt, t.id),
    // The catalogue's sorts: newest, best-selling, by price (both ways).
    index('book_status_published_idx').on(t.status, t.publishedAt, t.id),
    index('book_status_sales_idx').on(t.status, t.salesCount, t.id),
    index('book_status_price_idx').on(t.status, t.price, t.id),
    index('book_category_published_idx').on(t.category, t.status, t.publishedAt, t.id),
    index('book_subject_published_idx').on(t.subjectSlug, t.status, t.publishedAt, t.id),
    index('book_author_published_idx').on(t.authorId, t.status, t.publishedAt, t.id),
    index('book_search_idx').using('gin', t.searchVector),
    check(
      'book_price_check',
      sql`${t.price} = 0 or ${t.price} between ${sql.raw(String(BOOK_PRICE_MIN))} and ${sql.raw(String(BOOK_PRICE_MAX))}`,
    ),
    check('book_preview_check', sql`${t.previewChapters} >= 0`),
    check('book_sales_check', sql`${t.salesCount} >= 0`),
    check(
      'book_rating_check',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
    ),
    check('book_status_check', sql`${t.status} in ('draft', 'pending', 'published', 'rejected')`),
    check('book_category_check', sql`${t.category} in ('academic', 'fiction', 'true-story')`),
  ],
)

/**
 * A chapter, at its place in the book (1, 2, …). Reordering and deleting renumber in two steps
 * (first to negative positions, then to the new ones), so the unique (book, position) never sees
 * two chapters at one place (chapters.service.ts).
 */
export const bookChapter = pgTable(
  'book_chapter',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => book.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** Always sanitized before it is written (server/core/rich-text/sanitize.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
    /** When the book's owners were mailed "New chapter": once, the first time it has words in a published book. */
    announcedAt: ms('announced_at'),
  },
  (t) => [unique('book_chapter_position_unique').on(t.bookId, t.position)],
)

/** Who owns a book: bought (the order) or added to the library while it was free (no order). */
export const bookOwnership = pgTable(
  'book_ownership',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => book.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => order.id, { onDelete: 'set null' }),
    acquiredAt: ms('acquired_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'book_ownership_pk', columns: [t.bookId, t.userId] }),
    // My library, newest first (keyset on acquired_at, book_id).
    index('book_ownership_user_idx').on(t.userId, t.acquiredAt, t.bookId),
    index('book_ownership_order_idx').on(t.orderId),
  ],
)

/** Where a reader stopped in a book: the chapter and how far into it (0–1). One per reader and book. */
export const readingPosition = pgTable(
  'reading_position',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => book.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').references(() => bookChapter.id, { onDelete: 'set null' }),
    progress: real('progress').notNull().default(0),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reading_position_pk', columns: [t.userId, t.bookId] }),
    check('reading_position_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
)
