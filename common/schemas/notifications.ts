import { z } from 'zod'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts'
import { text, Uuid } from './fields.ts'

// The original's notification { id, writerId, message, timestamp, isRead } plus kind and link.
// writerId is the recipient (every account can be a writer).

export const NOTIFICATION_KINDS = [
  'welcome',
  'role_changed',
  'broadcast',
  'subscriber_new',
  'subscriber_cancelled',
  /** To the buyer: an order was paid (links to /payment/success?order=…). */
  'order_paid',
  /** To the buyer: a second payment for something they already had is being refunded. */
  'order_refunded',
  'book_sold',
  /** To a book's writer: an owner rated it (a new rating, not an edit). */
  'book_reviewed',
  'item_approved',
  'item_rejected',
  /** A post or comment removed by an admin after a report. */
  'item_removed',
  'comment',
  /** Grouped: one per post, "Ana and 3 others liked …" (decision 015). */
  'like',
  'forum_reply',
  'exam_finished',
  'payout_paid',
  /** An admin rejected a payout request: the money is back in the writer's available balance. */
  'payout_rejected',
] as const
export const NotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKind>

export const NOTIFICATION_MESSAGE_MAX_LENGTH = 500

export const Notification = z.object({
  id: z.string(),
  writerId: z.string(),
  kind: NotificationKind,
  message: z.string(),
  /** Where clicking it leads: an in-app path ("/settings") or null. */
  link: z.string().nullable(),
  timestamp: z.string(),
  isRead: z.boolean(),
})
export type Notification = z.infer<typeof Notification>

export const NotificationQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  filter: z.enum(['all', 'unread']).default('all'),
})
export type NotificationQuery = z.infer<typeof NotificationQuery>

export const NotificationPage = z.object({
  items: z.array(Notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
})
export type NotificationPage = z.infer<typeof NotificationPage>

export const NotificationIdParams = z.object({ id: Uuid('Unknown notification') })

/** An in-app path, so a notification can never send someone off-site. */
export const NotificationLink = z
  .string()
  .trim()
  .max(300, 'Keep the link under 300 characters')
  .regex(/^\/(?!\/)[^\s]*$/, 'Use a path inside Inkwell, starting with /')

export const BroadcastInput = z.object({
  message: text('Write a message').max(
    NOTIFICATION_MESSAGE_MAX_LENGTH,
    `Keep it under ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters`,
  ),
  link: NotificationLink.optional(),
  /** 'all' for every account, or one user's id. */
  to: z.union([z.literal('all'), z.object({ userId: Uuid('Unknown person') })]),
})
export type BroadcastInput = z.infer<typeof BroadcastInput>

/**
 * Server-Sent Events on GET /api/notifications/stream. Every event but `snapshot` carries an SSE
 * id (monotonic); a reconnect with Last-Event-ID replays what was missed instead of a snapshot.
 */
export const StreamSnapshot = z.object({ items: z.array(Notification), unreadCount: z.number().int() })
/**
 * A new notification, or a grouped one brought up to date: the same id as one a client may hold
 * (replace it), its timestamp saying where it now goes in the list.
 */
export const StreamCreated = z.object({ notification: Notification, unreadCount: z.number().int() })
/** ids: the notifications now read (mark one, or mark all). */
export const StreamRead = z.object({ ids: z.array(z.string()), unreadCount: z.number().int() })
/** ids: notifications that no longer exist (a grouped one whose every named person is gone). */
export const StreamRemoved = z.object({ ids: z.array(z.string()), unreadCount: z.number().int() })
export const StreamCleared = z.object({ unreadCount: z.literal(0) })
export type StreamSnapshot = z.infer<typeof StreamSnapshot>
export type StreamCreated = z.infer<typeof StreamCreated>
export type StreamRead = z.infer<typeof StreamRead>
export type StreamRemoved = z.infer<typeof StreamRemoved>
