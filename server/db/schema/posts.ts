import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { COMMENT_MAX_LENGTH } from '#common/constants.ts'
import type { PostAccess, PostCategory, PostStatus } from '#common/schemas/posts.ts'
import { user } from './auth.ts'
import { subject } from './subjects.ts'

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// A post (the URLs call it a topic). Read at /learn/<author_id>/<slug>, so the slug is unique per author.
export const post = pgTable(
  'post',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category').$type<PostCategory>().notNull(),
    subjectSlug: text('subject_slug').references(() => subject.slug),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    coverImage: text('cover_image'),
    /** Always sanitized before it is written (server/core/rich-text/sanitize.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    access: text('access').$type<PostAccess>().notNull().default('free'),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /** Set when an admin features the post; the newest featured come first. */
    featuredAt: timestamp('featured_at', { withTimezone: true, precision: 3 }),
    /** Whether the post is mailed to the writer's subscribers when it is first published. */
    emailSubscribers: boolean('email_subscribers').notNull().default(true),
    /** When its newsletter was queued: once per post, at its first publication. */
    newsletterQueuedAt: timestamp('newsletter_queued_at', { withTimezone: true, precision: 3 }),
    // Kept by triggers on post_like, post_comment and post_view (migration 0007), so lists show
    // counts and sort by popularity without counting rows.
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** All-time popularity, the `popular` sort: a like or comment weighs more than a view. */
    score: integer('score').notNull().generatedAlwaysAs(sql`like_count * 5 + comment_count * 3 + view_count`),
    /** Full-text search: title (A) > tags and excerpt (B) > body (C); see post_search_vector(). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`post_search_vector(title, tags, excerpt, body_html)`),
  },
  (t) => [
    unique('post_author_slug_unique').on(t.authorId, t.slug),
    // Ascending on purpose: scanned backwards they serve ORDER BY … DESC, id DESC (decision 005).
    index('post_author_updated_idx').on(t.authorId, t.updatedAt, t.id),
    index('post_status_published_idx').on(t.status, t.publishedAt, t.id),
    // The review queue: pending posts, oldest change first.
    index('post_status_updated_idx').on(t.status, t.updatedAt, t.id),
    // The published feeds: by category, subject or writer, newest or most popular first.
    index('post_category_published_idx').on(t.category, t.status, t.publishedAt, t.id),
    index('post_subject_published_idx').on(t.subjectSlug, t.status, t.publishedAt, t.id),
    index('post_author_published_idx').on(t.authorId, t.status, t.publishedAt, t.id),
    index('post_status_score_idx').on(t.status, t.score, t.id),
    index('post_category_score_idx').on(t.category, t.status, t.score, t.id),
    index('post_featured_idx').on(t.featuredAt, t.id).where(sql`featured_at is not null`),
    index('post_tags_idx').using('gin', t.tags),
    index('post_search_idx').using('gin', t.searchVector),
  ],
)

// Likes, comments and views; the post's counters follow them through triggers.
export const postLike = pgTable(
  'post_like',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'post_like_pk', columns: [t.postId, t.userId] }),
    // Popular this week: likes since a date.
    index('post_like_created_idx').on(t.createdAt, t.postId),
  ],
)

/** A plain-text comment (never HTML), shown oldest first. */
export const postComment = pgTable(
  'post_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('post_comment_post_created_idx').on(t.postId, t.createdAt, t.id),
    // The overview's rollup: the comments of the days it rebuilds (decision 024).
    index('post_comment_created_idx').on(t.createdAt),
    check(
      'post_comment_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(COMMENT_MAX_LENGTH))}`,
    ),
  ],
)

/**
 * One row per reader per post per day: a view counts once a day. viewer_key is the user's id, or
 * for signed-out readers a hash of IP and user agent (never the raw values).
 */
export const postView = pgTable(
  'post_view',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_view_pk', columns: [t.postId, t.viewerKey, t.day] }),
    // Popular this week: views since a date.
    index('post_view_day_idx').on(t.day, t.postId),
  ],
)
