import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { PostAccess, PostCategory, PostStatus } from '#common/schemas/posts.ts'
import { user } from './auth.ts'
import { subject } from './subjects.ts'

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
    /** Always sanitized before it is written (server/modules/posts/sanitize.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    access: text('access').$type<PostAccess>().notNull().default('free'),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    unique('post_author_slug_unique').on(t.authorId, t.slug),
    // Ascending on purpose: scanned backwards they serve ORDER BY … DESC, id DESC (decision 005).
    index('post_author_updated_idx').on(t.authorId, t.updatedAt, t.id),
    index('post_status_published_idx').on(t.status, t.publishedAt, t.id),
    // The review queue: pending posts, oldest change first.
    index('post_status_updated_idx').on(t.status, t.updatedAt, t.id),
  ],
)
