import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { NewsletterDeliveryKind, NewsletterDeliveryStatus } from '#common/schemas/newsletters.ts'
import { user } from './auth.ts'
import { post } from './posts.ts'

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/**
 * One row per post and recipient, written before anything is sent: the send takes queued rows and
 * marks each sent, failed or bounced, so a crashed process resumes where it stopped and no
 * recipient gets a post twice (decision 046).
 */
export const newsletterDelivery = pgTable(
  'newsletter_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The address as it was when the post was queued. */
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
    // The send's next batch: a post's queued rows in order.
    index('newsletter_delivery_post_status_idx').on(t.postId, t.status, t.id),
    check('newsletter_delivery_kind_check', sql`${t.kind} in ('full', 'excerpt')`),
    check('newsletter_delivery_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'bounced')`),
  ],
)
