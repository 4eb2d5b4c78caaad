import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { post } from './posts.ts'

/**
 * A reader's reading list (Save for later, decision 056): the posts they saved, newest first. Saving
 * twice is one row. It goes with its reader or its post.
 */
export const readingList = pgTable(
  'reading_list',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    // Milliseconds: the list pages on it (server/db/cursor.ts).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // The list, newest first: keyset on (created_at, post_id), both descending as the list reads.
    index('reading_list_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId.desc()),
    // A deleted post cascades to its saves.
    index('reading_list_post_idx').on(t.postId),
  ],
)
