import { and, desc, eq, gt, inArray, lte, max, not, type SQLWrapper, sql } from 'drizzle-orm'
import type {
  BroadcastInput,
  Notification,
  NotificationPage,
  NotificationQuery,
  StreamRead,
  StreamSnapshot,
} from '#common/schemas/notifications.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { deliverBroadcastBatch, notifyUsers, recordEvent } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { broadcastMessage, notification, notificationEvent, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

/** How many notifications a stream's first `snapshot` event carries. */
export const SNAPSHOT_SIZE = 20

type NotificationRow = typeof notification.$inferSelect

const toNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  writerId: n.writerId,
  kind: n.kind,
  message: n.message,
  link: n.link,
  timestamp: n.timestamp.toISOString(),
  isRead: n.isRead,
})

/** `userId`'s unread notifications (a value, or a column of the statement it goes in). */
const unreadOf = (userId: string | SQLWrapper) =>
  and(eq(notification.writerId, userId), not(notification.isRead))

const unreadCount = (db: Db | Tx, userId: string) => db.$count(notification, unreadOf(userId))

/** Newest first, on the (writer_id, timestamp, id) index scanned backwards. */
async function newest(db: Db | Tx, userId: string, query: NotificationQuery) {
  const rows = await db
    .select()
    .from(notification)
    .where(
      and(
        eq(notification.writerId, userId),
        query.filter === 'unread' ? not(notification.isRead) : undefined,
        afterCursor(query.cursor, notification.timestamp, notification.id),
      ),
    )
    .orderBy(desc(notification.timestamp), desc(notification.id))
    .limit(query.limit + 1)
  // toPage pages on createdAt: a notification's createdAt is its timestamp.
  return toPage(
    rows.map((r) => ({ ...r, createdAt: r.timestamp })),
    query.limit,
    toNotification,
  )
}

export async function listNotifications(
  ctx: AppContext,
  actor: SessionUser,
  query: NotificationQuery,
): Promise<NotificationPage> {
  const [page, unread] = await Promise.all([newest(ctx.db, actor.id, query), unreadCount(ctx.db, actor.id)])
  return { ...page, unreadCount: unread }
}

/** Only the owner's: anyone else's id is as unknown as a made-up one. */
export async function markRead(ctx: AppContext, actor: SessionUser, id: string): Promise<StreamRead> {
  return ctx.db.transaction(async (tx) => {
    const mine = and(eq(notification.id, id), eq(notification.writerId, actor.id))
    const [row] = await tx
      .select({ isRead: notification.isRead })
      .from(notification)
      .where(mine)
      .for('update')
    if (!row) throw new AppError('not_found', 'That notification does not exist')
    if (row.isRead) return { ids: [id], unreadCount: await unreadCount(tx, actor.id) }
    await tx.update(notification).set({ isRead: true }).where(mine)
    const read = { ids: [id], unreadCount: await unreadCount(tx, actor.id) }
    await recordEvent(tx, actor.id, 'read', read)
    return read
  })
}

/** One UPDATE of the caller's unread rows, announced as one `read` event with their ids. */
export async function markAllRead(ctx: AppContext, actor: SessionUser): Promise<StreamRead> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notification)
      .set({ isRead: true })
      .where(and(eq(notification.writerId, actor.id), not(notification.isRead)))
      .returning({ id: notification.id })
    const read = { ids: rows.map((r) => r.id), unreadCount: await unreadCount(tx, actor.id) }
    if (rows.length > 0) await recordEvent(tx, actor.id, 'read', read)
    return read
  })
}

/**
 * Inside the caller's transaction: reads someone's unread notifications of one kind, once what
 * they asked for is done (the welcome's "Finish your profile" once the profile is finished).
 * Announced like any read, so an open bell drops its badge at once.
 */
export async function markKindRead(tx: Tx, userId: string, kind: NotificationRow['kind']): Promise<void> {
  const rows = await tx
    .update(notification)
    .set({ isRead: true })
    .where(and(eq(notification.writerId, userId), eq(notification.kind, kind), not(notification.isRead)))
    .returning({ id: notification.id })
  if (rows.length === 0) return
  await recordEvent(tx, userId, 'read', {
    ids: rows.map((r) => r.id),
    unreadCount: await unreadCount(tx, userId),
  })
}

/** Inside the caller's transaction: deletes some of one person's notifications, announced as `removed`. */
export async function removeNotifications(tx: Tx, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await tx.delete(notification).where(and(eq(notification.writerId, userId), inArray(notification.id, ids)))
  await recordEvent(tx, userId, 'removed', { ids, unreadCount: await unreadCount(tx, userId) })
}

/** One DELETE of every notification the caller has, announced as one `cleared` event. */
export async function clearAll(ctx: AppContext, actor: SessionUser): Promise<{ unreadCount: 0 }> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(notification)
      .where(eq(notification.writerId, actor.id))
      .returning({ id: notification.id })
    const cleared = { unreadCount: 0 as const }
    if (deleted.length > 0) await recordEvent(tx, actor.id, 'cleared', cleared)
    return cleared
  })
}

/** How many accounts one transaction of a broadcast's delivery notifies. */
export const BROADCAST_BATCH = 1000

/**
 * An administrator's message to one user (notified at once) or to everyone. To everyone, the
 * request writes one row and answers how many accounts it goes to; the accounts are notified in
 * batches once it has answered (`deliverBroadcasts`), so the request costs the same at a million
 * accounts as at ten.
 */
export async function broadcast(ctx: AppContext, input: BroadcastInput): Promise<{ sent: number }> {
  const link = input.link ?? null
  if (input.to !== 'all') {
    const where = sql`u.id = ${input.to.userId}`
    const sent = await ctx.db.transaction((tx) => notifyUsers(tx, where, 'broadcast', input.message, link))
    if (sent === 0) throw new AppError('not_found', 'That user does not exist')
    return { sent }
  }
  const [row] = await ctx.db
    .insert(broadcastMessage)
    .values({ message: input.message, link, recipients: sql`(select count(*) from "user")` })
    .returning({ recipients: broadcastMessage.recipients })
  ctx.background(
    deliverBroadcasts(ctx).catch((error) =>
      ctx.log.warn({ err: error }, 'broadcast delivery stopped: housekeeping goes on with it'),
    ),
  )
  return { sent: row.recipients }
}

/**
 * Delivers what is left of every broadcast, one batch of accounts per statement. It runs after a
 * broadcast's request has answered, and from housekeeping for a delivery a stopped process left
 * half done. Processes take turns on a broadcast, so each account is notified once. Returns how
 * many were.
 */
export async function deliverBroadcasts(ctx: AppContext, batchSize = BROADCAST_BATCH): Promise<number> {
  let notified = 0
  for (;;) {
    const sent = await deliverBroadcastBatch(ctx.db, batchSize)
    if (sent === null) return notified
    notified += sent
  }
}

/** The bell's snapshot as the database builds it (bellSnapshotJson). */
export interface BellJson {
  items: (Omit<Notification, 'timestamp'> & { timestamp: string })[]
  unreadCount: number
}

/**
 * The bell's snapshot of `userId` (a value, or a column of the statement it goes in) as one JSON
 * value: the newest notifications (as many as a stream's first event carries, on the writer's
 * index) and the unread count. A page's viewer read carries it in the session's row
 * (pages/viewer.ts), so it costs that page no statement of its own.
 */
export const bellSnapshotJson = (userId: string | SQLWrapper) => sql<BellJson>`json_build_object(
  'items', coalesce((
    select json_agg(json_build_object(
      'id', n.id, 'writerId', n.writer_id, 'kind', n.kind, 'message', n.message, 'link', n.link,
      'timestamp', n.timestamp, 'isRead', n.is_read
    ) order by n.timestamp desc, n.id desc)
    from (
      select * from ${notification} where ${notification.writerId} = ${userId}
      order by ${notification.timestamp} desc, ${notification.id} desc limit ${SNAPSHOT_SIZE}
    ) n
  ), '[]'::json),
  'unreadCount', (select count(*) from ${notification} where ${unreadOf(userId)})
)`

/** A bellSnapshotJson value as the stream and the app hold it (timestamps as ISO strings). */
export const toBellSnapshot = (json: BellJson): StreamSnapshot => ({
  items: json.items.map((n) => ({ ...n, timestamp: new Date(n.timestamp).toISOString() })),
  unreadCount: Number(json.unreadCount),
})

/** The newest notifications and the unread count, in one statement. */
export async function bellSnapshot(db: Db | Tx, userId: string): Promise<StreamSnapshot> {
  const [row] = await db
    .select({ bell: bellSnapshotJson(userId) })
    .from(user)
    .where(eq(user.id, userId))
  return row ? toBellSnapshot(row.bell) : { items: [], unreadCount: 0 }
}

/**
 * What a new stream starts from, read in one snapshot of the database: the bell's snapshot, and
 * the newest event id it already reflects (later events are sent live).
 */
export async function streamSnapshot(
  ctx: AppContext,
  userId: string,
): Promise<StreamSnapshot & { lastEventId: number }> {
  return ctx.db.transaction(
    async (tx) => {
      const [last] = await tx
        .select({ id: max(notificationEvent.id) })
        .from(notificationEvent)
        .where(eq(notificationEvent.userId, userId))
      return { ...(await bellSnapshot(tx, userId)), lastEventId: Number(last?.id ?? 0) }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** A reconnecting stream's missed events, oldest first. */
export async function eventsAfter(ctx: AppContext, userId: string, afterId: number) {
  return ctx.db
    .select()
    .from(notificationEvent)
    .where(and(eq(notificationEvent.userId, userId), gt(notificationEvent.id, afterId)))
    .orderBy(notificationEvent.id)
}

/**
 * Events are kept long enough for any stream to reconnect (EventSource retries within seconds),
 * then pruned: the table stays as small as a day of activity.
 */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the events older than the retention as a prefix of ids (every id up to the newest old
 * one), so "no event at or below this id is left" is exactly what resuming needs to know.
 */
export async function pruneEvents(ctx: AppContext, retentionMs = EVENT_RETENTION_MS): Promise<number> {
  const cutoff = new Date(Date.now() - retentionMs)
  const deleted = await ctx.db
    .delete(notificationEvent)
    .where(
      lte(
        notificationEvent.id,
        sql`(select coalesce(max(${notificationEvent.id}), 0) from ${notificationEvent} where ${notificationEvent.createdAt} < ${cutoff.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: notificationEvent.id })
  return deleted.length
}

/** Whether every event after `afterId` is still stored: false once pruning may have taken some. */
export async function canReplayFrom(ctx: AppContext, afterId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: notificationEvent.id })
    .from(notificationEvent)
    .where(lte(notificationEvent.id, afterId))
    .limit(1)
  return !!row
}
