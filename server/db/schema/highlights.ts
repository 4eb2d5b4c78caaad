import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { QUOTE_CONTEXT } from '#common/anchoring.ts'
import { HIGHLIGHT_NOTE_MAX, HIGHLIGHT_QUOTE_MAX, type HighlightColour } from '#common/schemas/highlights.ts'
import { user } from './auth.ts'
import { book, bookChapter } from './books.ts'
import { post, tsvector } from './posts.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/**
 * A reader's highlight (decision 055): a passage of a book chapter or of a post, kept by its W3C
 * Web Annotation selectors (quote with context, and position in the body's text), a colour and an
 * optional private note. Only its owner reads it. It goes with its owner, post or chapter.
 */
export const highlight = pgTable(
  'highlight',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => book.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').references(() => bookChapter.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => post.id, { onDelete: 'cascade' }),
    // TextQuoteSelector.
    exact: text('exact').notNull(),
    prefix: text('prefix').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    // TextPositionSelector: [start, end) in UTF-16 units of the body's text (common/anchoring.ts).
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    colour: text('colour').$type<HighlightColour>().notNull().default('yellow'),
    note: text('note'),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
    /** My highlights' search: the quote and the note, word by word (no stemming: prefixes match). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, exact || ' ' || coalesce(note, ''))`),
  },
  (t) => [
    // My highlights, newest first: keyset on (created_at, id), scanned backwards (decision 005).
    index('highlight_user_created_idx').on(t.userId, t.createdAt, t.id),
    // One page's highlights, as the reader draws them.
    index('highlight_user_post_idx').on(t.userId, t.postId),
    index('highlight_user_chapter_idx').on(t.userId, t.chapterId),
    // A deleted post, book or chapter cascades to its highlights.
    index('highlight_post_idx').on(t.postId),
    index('highlight_book_idx').on(t.bookId),
    index('highlight_chapter_idx').on(t.chapterId),
    index('highlight_search_idx').using('gin', t.searchVector),
    check(
      'highlight_target_check',
      sql`(${t.postId} is not null and ${t.bookId} is null and ${t.chapterId} is null)
        or (${t.postId} is null and ${t.bookId} is not null and ${t.chapterId} is not null)`,
    ),
    check(
      'highlight_selectors_check',
      sql`${t.start} >= 0 and ${t.end} > ${t.start} and char_length(${t.exact}) between 1 and ${sql.raw(String(HIGHLIGHT_QUOTE_MAX))}
        and char_length(${t.prefix}) <= ${sql.raw(String(QUOTE_CONTEXT))} and char_length(${t.suffix}) <= ${sql.raw(String(QUOTE_CONTEXT))}`,
    ),
    check('highlight_colour_check', sql`${t.colour} in ('yellow', 'green', 'blue', 'pink')`),
    check('highlight_note_check', sql`char_length(${t.note}) <= ${sql.raw(String(HIGHLIGHT_NOTE_MAX))}`),
  ],
)
