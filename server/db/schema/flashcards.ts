import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { FLASHCARD_BACK_MAX_LENGTH, FLASHCARD_FRONT_MAX_LENGTH, FLASHCARDS_MAX } from '#common/constants.ts'
import { post } from './posts.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })
const n = (value: number) => sql.raw(String(value))

/**
 * A lesson's "Key ideas" card (decision 052): written by the post's author, practised by readers
 * through their own practice_card rows, which point here and so always show the current text.
 * At most FLASHCARDS_MAX per post, counted by the server when the list is saved.
 */
export const flashcard = pgTable(
  'flashcard',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    /** 0-based order in the lesson; not unique, so a reorder rewrites rows in any order. */
    position: integer('position').notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('flashcard_post_position_idx').on(t.postId, t.position),
    check('flashcard_position_check', sql`${t.position} between 0 and ${n(FLASHCARDS_MAX - 1)}`),
    check(
      'flashcard_front_length',
      sql`char_length(${t.front}) between 1 and ${n(FLASHCARD_FRONT_MAX_LENGTH)}`,
    ),
    check('flashcard_back_length', sql`char_length(${t.back}) between 1 and ${n(FLASHCARD_BACK_MAX_LENGTH)}`),
  ],
)
