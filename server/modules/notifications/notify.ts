import { eq, type SQL, sql } from 'drizzle-orm'
import type { NotificationKind } from '#common/schemas/notifications.ts'
import type { Tx } from '#server/db/client.ts'
import { notification } from '#server/db/schema/index.ts'

/** The one LISTEN/NOTIFY channel; its payload is a notification_event id, never data. */
export const EVENTS_CHANNEL = 'inkwell_events'

// Event ids come from a sequence at insert time; a transaction-scoped lock taken just before the
// insert makes them commit in id order too. Without it, two transactions could commit 11 before
// 10, and a stream that has sent 11 (or a resume from Last-Event-ID 11) would never send 10.
// Call notify last in a transaction: the lock is held until commit.
const EVENTS_LOCK = 727_100_002

const lockEvents = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`)

/** A notification row (aliased `alias`) as the Notification schema: the `created` event's data. */
const asJson = (alias: string) =>
  sql.raw(`jsonb_build_object(
    'id', ${alias}.id, 'writerId', ${alias}.writer_id, 'kind', ${alias}.kind, 'message', ${alias}.message,
    'link', ${alias}.link,
    'timestamp', to_char(${alias}.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'isRead', ${alias}.is_read)`)

/**
 * Notifies one person, inside the caller's transaction: the notification, its `created` event and
 * the NOTIFY commit (or roll back) together, so a notification is announced exactly when it exists.
 */
export async function notify(
  tx: Tx,
  recipientId: string,
  kind: NotificationKind,
  message: string,
  link: string | null = null,
): Promise<void> {
  await notifyUsers(tx, sql`u.id = ${recipientId}`, kind, message, link)
}

/**
 * Notifies every user matching `where` (on "user" u) in three statements whatever their number:
 * one INSERT … SELECT for the notifications, one for their `created` events (the payload is the
 * stream event's data, with the recipient's unread count), and one pg_notify per event.
 * Returns how many people were notified.
 */
export async function notifyUsers(
  tx: Tx,
  where: SQL,
  kind: NotificationKind,
  message: string,
  link: string | null = null,
): Promise<number> {
  await lockEvents(tx)
  const result = await tx.execute<{ id: string }>(sql`
    with inserted as (
      insert into notification (writer_id, kind, message, link)
      select u.id, ${kind}, ${message}, ${link} from "user" u where ${where}
      returning *
    ), events as (
      insert into notification_event (user_id, type, payload)
      select i.writer_id, 'created', jsonb_build_object(
        'notification', ${asJson('i')},
        -- The statement does not see its own inserts: count the earlier unread ones, plus this one.
        'unreadCount', 1 + (select count(*) from notification x where x.writer_id = i.writer_id and not x.is_read)
      )
      from inserted i
      order by i.writer_id
      returning id
    )
    select id::text as id from events`)
  const ids = result.rows.map((r) => r.id)
  await announce(tx, ids)
  return ids.length
}

/** A grouped notification's text, and the accounts it names (decision 015). */
export interface GroupText {
  message: string
  actorIds: string[]
}

/**
 * One notification per recipient and group key, inside the caller's transaction. The first event
 * creates it; each later one brings it back unread, at the top (its time is now), with the text
 * `compose` writes from what happened since the group started. Once its recipient has read it, the
 * group starts again. The upsert locks the row until commit, so events on one group take turns and
 * the last to commit counts everyone; `least` keeps an earlier-started concurrent event counted.
 */
export async function notifyGroup(
  tx: Tx,
  recipientId: string,
  kind: NotificationKind,
  groupKey: string,
  link: string,
  compose: (since: Date) => Promise<GroupText>,
): Promise<void> {
  const [row] = await tx
    .insert(notification)
    .values({ writerId: recipientId, kind, groupKey, link, message: '', groupSince: sql`now()` })
    .onConflictDoUpdate({
      target: [notification.writerId, notification.groupKey],
      set: {
        groupSince: sql`case when ${notification.isRead} then excluded.group_since
          else least(${notification.groupSince}, excluded.group_since) end`,
        timestamp: sql`greatest(${notification.timestamp}, excluded.timestamp)`,
        isRead: false,
        link: sql`excluded.link`,
      },
    })
    .returning({ id: notification.id, groupSince: notification.groupSince })
  await rewriteGroup(tx, row.id, await compose(row.groupSince as Date))
}

/**
 * Sets a grouped notification's text (its time and read state stay) and announces it as `created`:
 * clients replace the one they hold by id. Call it with the row locked (notifyGroup's upsert, or
 * a SELECT … FOR UPDATE).
 */
export async function rewriteGroup(tx: Tx, id: string, text: GroupText): Promise<void> {
  await tx
    .update(notification)
    .set({ message: text.message, actorIds: text.actorIds })
    .where(eq(notification.id, id))
  await lockEvents(tx)
  const result = await tx.execute<{ id: string }>(sql`
    insert into notification_event (user_id, type, payload)
    select n.writer_id, 'created', jsonb_build_object(
      'notification', ${asJson('n')},
      'unreadCount', (select count(*) from notification x where x.writer_id = n.writer_id and not x.is_read)
    )
    from notification n where n.id = ${id}
    returning id::text as id`)
  await announce(
    tx,
    result.rows.map((r) => r.id),
  )
}

/** Writes one stream event for a user and announces it on commit. */
export async function recordEvent(
  tx: Tx,
  userId: string,
  type: 'read' | 'removed' | 'cleared',
  payload: Record<string, unknown>,
): Promise<void> {
  await lockEvents(tx)
  const result = await tx.execute<{ id: string }>(sql`
    insert into notification_event (user_id, type, payload)
    values (${userId}, ${type}, ${JSON.stringify(payload)}::jsonb)
    returning id::text as id`)
  await announce(
    tx,
    result.rows.map((r) => r.id),
  )
}

/** PostgreSQL delivers NOTIFY when the transaction commits, and drops it on rollback. */
async function announce(tx: Tx, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return
  await tx.execute(sql`
    select pg_notify(${EVENTS_CHANNEL}, e.id) from jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb) as e(id)`)
}
