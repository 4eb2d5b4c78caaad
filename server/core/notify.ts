import { type SQL, sql } from 'drizzle-orm'
import type { NotificationKind } from '#common/schemas/notifications.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { notification } from '#server/db/schema/index.ts'

/** The one LISTEN/NOTIFY channel; its payload is a notification_event id, never data. */
export const EVENTS_CHANNEL = 'inkwell_events'

// Event ids come from a sequence at insert time; a transaction-scoped lock taken just before the
// insert makes them commit in id order too. Without it, two transactions could commit 11 before
// 10, and a stream that has sent 11 (or a resume from Last-Event-ID 11) would never send 10.
// Notify last in a transaction: the lock is held until commit.
const EVENTS_LOCK = 727_100_002

/**
 * One statement that takes the events lock (the CTE `lock`: a query that writes events joins it,
 * so no event id is drawn before the lock is held), runs `ctes` (which must end with an `events`
 * CTE returning the new event ids) and NOTIFYs each event id. PostgreSQL delivers the NOTIFYs when
 * the transaction commits, and drops them on rollback. Returns how many events were written, and
 * `extra`'s columns.
 */
async function writeEvents<Extra extends Record<string, number>>(
  db: Db | Tx,
  ctes: SQL,
  extra: SQL = sql``,
): Promise<{ sent: number } & Extra> {
  const result = await db.execute(sql`
    with ${ctes}
    select count(pg_notify(${EVENTS_CHANNEL}, events.id::text))::int as sent ${extra} from events`)
  return result.rows[0] as { sent: number } & Extra
}

const LOCK = sql`lock as (select pg_advisory_xact_lock(${EVENTS_LOCK}))`

/** A notification row (aliased `alias`) as the Notification schema: the `created` event's data. */
const asJson = (alias: string) =>
  sql.raw(`jsonb_build_object(
    'id', ${alias}.id, 'writerId', ${alias}.writer_id, 'kind', ${alias}.kind, 'message', ${alias}.message,
    'link', ${alias}.link,
    'timestamp', to_char(${alias}.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'isRead', ${alias}.is_read)`)

/**
 * The CTEs that notify each row `recipients` selects (columns `id`, `message`, `link`): one
 * INSERT … SELECT for the notifications and one for their `created` events (the payload is the
 * stream event's data, with the recipient's unread count). `before` are CTEs `recipients` reads.
 */
const notifying = (recipients: SQL, kind: NotificationKind, before: SQL = sql``) => sql`
  ${before} ${LOCK},
  inserted as (
    insert into notification (writer_id, kind, message, link)
    select r.id, ${kind}, r.message, r.link from (${recipients}) r cross join lock
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
  )`

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
 * Notifies every user matching `where` (on "user" u) in one statement whatever their number.
 * Returns how many people were notified.
 */
export async function notifyUsers(
  tx: Tx,
  where: SQL,
  kind: NotificationKind,
  message: string,
  link: string | null = null,
): Promise<number> {
  const recipients = sql`select u.id, ${message}::text as message, ${link}::text as link from "user" u where ${where}`
  return (await writeEvents(tx, notifying(recipients, kind))).sent
}

/**
 * Delivers the next batch of the oldest broadcast not yet delivered, in one statement (so in a
 * transaction of its own): it takes the broadcast (FOR UPDATE SKIP LOCKED, so processes take
 * turns), notifies the next `batchSize` of the accounts that existed when it was sent, in id order
 * after where the last batch stopped, and moves the broadcast on, marking it delivered after a
 * short batch. Returns how many accounts it notified, or null when no broadcast was left to deliver.
 */
export async function deliverBroadcastBatch(db: Db, batchSize: number): Promise<number | null> {
  const before = sql`
    next as (
      select id, message, link, after_user_id, created_at from broadcast
      where delivered_at is null order by created_at limit 1
      for update skip locked
    ), batch as (
      -- The accounts that existed when it was sent (its recipients), not one that signed up since.
      select u.id from "user" u, next
      where (next.after_user_id is null or u.id > next.after_user_id) and u.created_at <= next.created_at
      order by u.id limit ${batchSize}
    ), moved as (
      update broadcast b
      set after_user_id = coalesce((select max(id) from batch), next.after_user_id),
        delivered_at = case when (select count(*) from batch) < ${batchSize} then now() end
      from next where b.id = next.id
      returning b.id
    ),`
  const recipients = sql`select batch.id, next.message, next.link from batch cross join next`
  const { sent, found } = await writeEvents<{ found: number }>(
    db,
    notifying(recipients, 'broadcast', before),
    sql`, (select count(*) from moved)::int as found`,
  )
  return found === 0 ? null : sent
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
export async function rewriteGroup(db: Tx, id: string, text: GroupText): Promise<void> {
  await writeEvents(
    db,
    sql`${LOCK},
    updated as (
      update notification set message = ${text.message}, actor_ids = ${sql.param(text.actorIds, notification.actorIds)}
      where id = ${id}
      returning *
    ), events as (
      insert into notification_event (user_id, type, payload)
      select n.writer_id, 'created', jsonb_build_object(
        'notification', ${asJson('n')},
        'unreadCount', (select count(*) from notification x where x.writer_id = n.writer_id and not x.is_read)
      )
      from updated n cross join lock
      returning id
    )`,
  )
}

/** Writes one stream event for a user and announces it on commit. */
export async function recordEvent(
  tx: Tx,
  userId: string,
  type: 'read' | 'removed' | 'cleared',
  payload: Record<string, unknown>,
): Promise<void> {
  await writeEvents(
    tx,
    sql`${LOCK},
    events as (
      insert into notification_event (user_id, type, payload)
      select ${userId}, ${type}, ${JSON.stringify(payload)}::jsonb from lock
      returning id
    )`,
  )
}
