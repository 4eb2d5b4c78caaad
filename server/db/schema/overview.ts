import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// A writer's overview (decision 024): daily rollups of the raw events (post_view,
// post_like, post_comment, subscription, the ledger's sales, exam_attempt), rebuilt by
// housekeeping for the days that can still change, so the overview reads at most a row per day
// (and per item) whatever the number of events. Days are UTC calendar days.

const count = (name: string) => integer(name).notNull().default(0)

/** One writer's day: what the overview's cards and charts sum. */
export const writerStatDay = pgTable(
  'writer_stat_day',
  {
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: count('views'),
    likes: count('likes'),
    comments: count('comments'),
    freeSubscribers: count('free_subscribers'),
    paidSubscribers: count('paid_subscribers'),
    bookSales: count('book_sales'),
    /** Minor units: what buyers paid for the day's book sales. */
    bookRevenue: count('book_revenue'),
    examAttempts: count('exam_attempts'),
    examPasses: count('exam_passes'),
  },
  (t) => [
    // A period is one range scan of the primary key.
    primaryKey({ name: 'writer_stat_day_pk', columns: [t.writerId, t.day] }),
    // Each housekeeping run deletes and rebuilds the last days of every writer.
    index('writer_stat_day_day_idx').on(t.day),
  ],
)

/** One post's, book's or exam's day: the overview's top lists. */
export const itemStatDay = pgTable(
  'item_stat_day',
  {
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').$type<'post' | 'book' | 'exam'>().notNull(),
    // No foreign key (three kinds): the top lists join the items that still exist.
    itemId: uuid('item_id').notNull(),
    views: count('views'),
    likes: count('likes'),
    comments: count('comments'),
    sales: count('sales'),
    revenue: count('revenue'),
    attempts: count('attempts'),
    passes: count('passes'),
  },
  (t) => [
    primaryKey({ name: 'item_stat_day_pk', columns: [t.writerId, t.day, t.itemKind, t.itemId] }),
    // A top list: one kind of the writer's items over a period, without the other kinds' rows.
    index('item_stat_day_writer_kind_day_idx').on(t.writerId, t.itemKind, t.day),
    // Each housekeeping run deletes and rebuilds the last days of every writer.
    index('item_stat_day_day_idx').on(t.day),
    check('item_stat_day_kind_check', sql`${t.itemKind} in ('post', 'book', 'exam')`),
  ],
)

/** How far the rollups are complete: days after `rolled_through - 1` are rebuilt on each run. */
export const statRollup = pgTable('stat_rollup', {
  name: text('name').primaryKey(),
  rolledThrough: date('rolled_through', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})
