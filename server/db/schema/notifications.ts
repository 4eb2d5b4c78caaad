import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { NotificationKind } from '#common/schemas/notifications.ts'
import { user } from './auth.ts'

// The original's notification { id, writerId, message, timestamp, isRead } plus kind and link.
// writer_id is the recipient.
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    message: text('message').notNull(),
    link: text('link'),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    timestamp: timestamp('timestamp', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    // A grouped notification ("Ana and 3 others liked …", decision 015) is one row per recipient
    // and group key ('like:<postId>'), brought up to date by each new event; null for the others.
    groupKey: text('group_key'),
    /** What the group counts starts here: its first event, or the first since its recipient read it. */
    groupSince: timestamp('group_since', { withTimezone: true, precision: 3 }),
    /** The accounts its text names, so deleting one of them re-words it. */
    actorIds: text('actor_ids').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    // Ascending on purpose: scanned backwards it serves one writer's ORDER BY timestamp DESC, id DESC.
    index('notification_writer_timestamp_idx').on(t.writerId, t.timestamp, t.id),
    // The ON CONFLICT target of a grouped notification (nulls are distinct: ungrouped rows never clash).
    uniqueIndex('notification_writer_group_idx').on(t.writerId, t.groupKey),
    index('notification_actor_ids_idx').using('gin', t.actorIds).where(sql`group_key is not null`),
    // The unread count (every new notification's event, the badge, marking read) reads only the
    // unread rows, however many read ones a person keeps: match `not is_read` exactly.
    index('notification_unread_idx').on(t.writerId).where(sql`not ${t.isRead}`),
  ],
)

// `created` also carries a grouped notification brought up to date (same id: clients replace it).
export const NOTIFICATION_EVENT_TYPES = ['created', 'read', 'removed', 'cleared'] as const
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number]

// The source of truth for the live stream: its id is the SSE event id (monotonic), its payload is
// exactly the event's data, so a reconnect with Last-Event-ID replays what was sent live.
export const notificationEvent = pgTable(
  'notification_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_EVENT_TYPES }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('notification_event_user_idx').on(t.userId, t.id)],
)

// An administrator's message to everyone: one row when it is sent, delivered in batches of
// accounts after the request has answered (notifications.service.ts `deliverBroadcasts`), so a
// broadcast costs the request the same whatever the number of accounts.
export const broadcastMessage = pgTable(
  'broadcast',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    link: text('link'),
    /** It goes to every account that existed at this moment. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** How many accounts that was. */
    recipients: bigint('recipients', { mode: 'number' }).notNull(),
    /** Delivery goes through accounts in id order: the last one notified, null before the first batch. */
    afterUserId: text('after_user_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('broadcast_undelivered_idx').on(t.createdAt).where(sql`delivered_at is null`)],
)
