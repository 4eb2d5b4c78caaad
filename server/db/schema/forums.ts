import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { tsvector } from './posts.ts'
import { subject } from './subjects.ts'

// Forums (migration 0009). One forum per subject; its counts live in forum_stats, kept by triggers.

/** A thread: its opening post (title and body) and its state. */
export const forumThread = pgTable(
  'forum_thread',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectSlug: text('subject_slug')
      .notNull()
      .references(() => subject.slug),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Always sanitized before it is written (server/core/rich-text/sanitize.ts). */
    bodyHtml: text('body_html').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true, precision: 3 }),
    lockedAt: timestamp('locked_at', { withTimezone: true, precision: 3 }),
    acceptedReplyId: uuid('accepted_reply_id').references((): AnyPgColumn => forumReply.id, {
      onDelete: 'set null',
    }),
    /** The last position given to a reply: positions are never reused, deleted replies keep theirs. */
    replySeq: integer('reply_seq').notNull().default(0),
    /** Replies that are not deleted; kept by a trigger on forum_reply. */
    replyCount: integer('reply_count').notNull().default(0),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    lastReplyAuthorId: text('last_reply_author_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    /** Title (A) and opening post (B); see forum_search_vector(). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`forum_search_vector(title, body_html)`),
  },
  (t) => [
    // A forum's threads by last activity (pinned ones are read apart), and each forum's latest
    // activity.
    index('forum_thread_subject_activity_idx').on(t.subjectSlug, t.lastActivityAt, t.id),
    // The pinned few at the top of a forum's first page, without walking its other threads.
    index('forum_thread_pinned_idx').on(t.subjectSlug, t.pinnedAt, t.id).where(sql`pinned_at is not null`),
    index('forum_thread_author_idx').on(t.authorId),
    index('forum_thread_search_idx').using('gin', t.searchVector),
  ],
)

/** A reply. Deleting one empties it and keeps its place ("deleted"), so the thread still reads. */
export const forumReply = pgTable(
  'forum_reply',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThread.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the thread; page N holds positions (N-1)·size+1 … N·size. */
    position: integer('position').notNull(),
    bodyHtml: text('body_html').notNull(),
    quotedReplyId: uuid('quoted_reply_id').references((): AnyPgColumn => forumReply.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`forum_search_vector('', body_html)`),
  },
  (t) => [
    unique('forum_reply_thread_position_unique').on(t.threadId, t.position),
    index('forum_reply_author_idx').on(t.authorId),
    index('forum_reply_search_idx').using('gin', t.searchVector),
  ],
)

/**
 * One row per person per thread they opened or joined: how far they have read (unread markers)
 * and whether they watch it. watching is null until they choose; the author and repliers then
 * watch (set on create and reply) unless they chose to stop.
 */
export const forumThreadReader = pgTable(
  'forum_thread_reader',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThread.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The thread's reply_seq when they last opened it. */
    lastSeenSeq: integer('last_seen_seq').notNull().default(0),
    watching: boolean('watching'),
  },
  (t) => [
    primaryKey({ name: 'forum_thread_reader_pk', columns: [t.threadId, t.userId] }),
    index('forum_thread_reader_user_idx').on(t.userId),
  ],
)

/** Each forum's counts, kept by a trigger on forum_thread (creates, deletes, moves, reply counts). */
export const forumStats = pgTable('forum_stats', {
  subjectSlug: text('subject_slug')
    .primaryKey()
    .references(() => subject.slug, { onDelete: 'cascade' }),
  threadCount: integer('thread_count').notNull().default(0),
  replyCount: integer('reply_count').notNull().default(0),
})
