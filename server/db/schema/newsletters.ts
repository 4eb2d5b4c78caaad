import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type {
  NewsletterContactStatus,
  NewsletterDeliveryKind,
  NewsletterDeliveryStatus,
} from '#common/schemas/newsletters.ts'
import { user } from './auth.ts'
import { bookChapter } from './books.ts'
import { post } from './posts.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/**
 * An address a writer imported (a CSV from another newsletter service), not an Inkwell account. It
 * is mailed nothing but the confirmation until its owner confirms (double opt-in); then it gets the
 * writer's posts as a free follower does.
 */
export const newsletterContact = pgTable(
  'newsletter_contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower case, as compared. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').$type<NewsletterContactStatus>().notNull().default('pending'),
    /** When the confirmation mail went out (null: still to send). */
    confirmSentAt: ms('confirm_sent_at'),
    confirmedAt: ms('confirmed_at'),
    unsubscribedAt: ms('unsubscribed_at'),
    bounceReason: text('bounce_reason'),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('newsletter_contact_writer_email_unique').on(t.writerId, t.email),
    // The writer's list and its export, newest first (keyset on created_at, id).
    index('newsletter_contact_writer_created_idx').on(t.writerId, t.createdAt, t.id),
    check(
      'newsletter_contact_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'unsubscribed', 'bounced')`,
    ),
  ],
)

/**
 * One row per mail and recipient, written before anything is sent: the send takes queued rows and
 * marks each sent, failed or bounced, so a crashed process resumes where it stopped and no
 * recipient gets a mail twice (decision 046). A row is for exactly one of: a post (its newsletter),
 * a chapter (its book's owners) or a week (the digest); and for exactly one of an account or an
 * imported contact.
 */
export const newsletterDelivery = pgTable(
  'newsletter_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').references(() => post.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').references(() => bookChapter.id, { onDelete: 'cascade' }),
    /** The digest's week: the Monday (UTC) it starts on. */
    digestWeek: date('digest_week', { mode: 'string' }),
    recipientId: text('recipient_id').references(() => user.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => newsletterContact.id, { onDelete: 'cascade' }),
    /** The address as it was when the mail was queued. */
    email: text('email').notNull(),
    /** `full`: the whole post; `excerpt`: a subscribers-only post's excerpt for a free follower. */
    kind: text('kind').$type<NewsletterDeliveryKind>().notNull(),
    status: text('status').$type<NewsletterDeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The mail server's last answer when it was not a success. */
    error: text('error'),
    createdAt: ms('created_at').notNull().defaultNow(),
    sentAt: ms('sent_at'),
    /** When the recipient unsubscribed through this mail's link. */
    unsubscribedAt: ms('unsubscribed_at'),
  },
  (t) => [
    unique('newsletter_delivery_post_recipient_unique').on(t.postId, t.recipientId),
    unique('newsletter_delivery_post_contact_unique').on(t.postId, t.contactId),
    unique('newsletter_delivery_chapter_recipient_unique').on(t.chapterId, t.recipientId),
    unique('newsletter_delivery_digest_recipient_unique').on(t.digestWeek, t.recipientId),
    // A post's figures: its rows by status.
    index('newsletter_delivery_post_status_idx').on(t.postId, t.status, t.id),
    // The sweep: rows still queued, oldest first.
    index('newsletter_delivery_queued_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'queued'`),
    check('newsletter_delivery_kind_check', sql`${t.kind} in ('full', 'excerpt')`),
    check('newsletter_delivery_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'bounced')`),
    check(
      'newsletter_delivery_source_check',
      sql`num_nonnulls(${t.postId}, ${t.chapterId}, ${t.digestWeek}) = 1`,
    ),
    check('newsletter_delivery_recipient_check', sql`num_nonnulls(${t.recipientId}, ${t.contactId}) = 1`),
  ],
)
