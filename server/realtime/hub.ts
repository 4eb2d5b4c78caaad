import { and, asc, gt, inArray, max } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { EVENTS_CHANNEL } from '#server/core/notify.ts'
import type { Database } from '#server/db/client.ts'
import { type NotificationEventType, notificationEvent } from '#server/db/schema/index.ts'

/** A committed notification_event row, as pushed to a stream (id = the SSE event id). */
export interface StreamEvent {
  id: number
  userId: string
  type: NotificationEventType
  /** The payload as JSON, written once however many streams it goes to. */
  data: string
}

export type StreamListener = (event: StreamEvent) => void

export const streamEvent = (row: typeof notificationEvent.$inferSelect): StreamEvent => ({
  id: row.id,
  userId: row.userId,
  type: row.type,
  data: JSON.stringify(row.payload),
})

/**
 * Topics: "something changed" signals for pages many people watch (a leaderboard, a thread), sent
 * with `signalTopic(tx, topic)` (server/realtime/topics.ts) and delivered on commit to every
 * process. They carry no data: the page reads the current state again.
 */
export const TOPICS_CHANNEL = 'inkwell_topics'
export type TopicListener = () => void

/**
 * One LISTEN per process: every NOTIFY on the events channel (an event id, sent on commit by
 * whichever process wrote it) is loaded from the table and pushed to the recipient's streams
 * connected to this process.
 */
export interface Hub {
  /** Adds a listener for one user's events; the returned function removes it. */
  subscribe(userId: string, listener: StreamListener): () => void
  /** Adds a listener for a topic's signals; the returned function removes it. */
  subscribeTopic(topic: string, listener: TopicListener): () => void
  /** Open listeners in this process (one per SSE connection). */
  connectionCount(): number
  /** Called on app close, before the server waits for open requests: ends every stream. */
  onShutdown(end: () => void): () => void
  shutdownStreams(): void
  close(): Promise<void>
}

interface HubOptions {
  database: Database
  log: FastifyBaseLogger
  /** First delay before re-opening a lost PostgreSQL LISTEN connection (doubles up to 30 s). */
  reconnectMs?: number
}

type Unlisten = () => Promise<void>

export async function createHub({ database, log, reconnectMs = 1000 }: HubOptions): Promise<Hub> {
  const listeners = new Map<string, Set<StreamListener>>()
  const topicListeners = new Map<string, Set<TopicListener>>()
  const shutdownHandlers = new Set<() => void>()
  let pending: number[] = []
  let draining: Promise<void> | null = null
  // The newest event this process has dispatched: after a lost LISTEN connection, everything newer
  // for the users connected here is loaded again, so nothing sent during the gap is lost.
  let lastSeenId = 0
  let closed = false

  const connectedUsers = () => [...listeners.keys()]

  async function load(where: ReturnType<typeof and>) {
    const users = connectedUsers()
    if (users.length === 0) return []
    return database.db
      .select()
      .from(notificationEvent)
      .where(and(where, inArray(notificationEvent.userId, users)))
      .orderBy(asc(notificationEvent.id))
  }

  function dispatch(rows: Array<typeof notificationEvent.$inferSelect>) {
    for (const row of rows) {
      if (row.id > lastSeenId) lastSeenId = row.id
      const own = listeners.get(row.userId)
      if (!own) continue
      const event = streamEvent(row)
      for (const listener of own) listener(event)
    }
  }

  // One batch at a time, in arrival (commit) order, so each user's stream stays in order.
  async function drain() {
    // A commit's NOTIFYs (one per event) arrive in a burst that may span a few socket reads: the
    // rest of the burst joins this load instead of the next.
    await new Promise((resolve) => setImmediate(resolve))
    while (pending.length > 0 && !closed) {
      const ids = pending
      pending = []
      for (const id of ids) if (id > lastSeenId) lastSeenId = id
      try {
        dispatch(await load(inArray(notificationEvent.id, ids)))
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'realtime: could not load notification events')
      }
    }
    draining = null
  }

  function onNotify(payload: string) {
    const id = Number(payload)
    if (!Number.isSafeInteger(id)) return
    pending.push(id)
    draining ??= drain()
  }

  function onTopic(topic: string) {
    for (const listener of topicListeners.get(topic) ?? []) listener()
  }

  async function catchUp() {
    const since = lastSeenId
    try {
      dispatch(await load(gt(notificationEvent.id, since)))
    } catch (error) {
      log.warn({ err: error }, 'realtime: could not catch up after reconnecting')
    }
  }

  const channels = { [EVENTS_CHANNEL]: onNotify, [TOPICS_CHANNEL]: onTopic }
  const unlisten: Unlisten =
    database.driver === 'pglite'
      ? await listenPglite(database, channels)
      : await listenPg(database.pool!, channels, catchUp, log, reconnectMs, () => closed)

  // Listening first, then the newest id: anything committed later is either notified or caught up.
  const [newest] = await database.db.select({ id: max(notificationEvent.id) }).from(notificationEvent)
  lastSeenId = Number(newest?.id ?? 0)

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set()
      listeners.set(userId, set)
      set.add(listener)
      return () => {
        const current = listeners.get(userId)
        if (!current) return
        current.delete(listener)
        if (current.size === 0) listeners.delete(userId)
      }
    },
    subscribeTopic(topic, listener) {
      const set = topicListeners.get(topic) ?? new Set()
      topicListeners.set(topic, set)
      set.add(listener)
      return () => {
        const current = topicListeners.get(topic)
        if (!current) return
        current.delete(listener)
        if (current.size === 0) topicListeners.delete(topic)
      }
    },
    connectionCount() {
      let n = 0
      for (const set of [...listeners.values(), ...topicListeners.values()]) n += set.size
      return n
    },
    onShutdown(end) {
      shutdownHandlers.add(end)
      return () => shutdownHandlers.delete(end)
    },
    shutdownStreams() {
      for (const end of [...shutdownHandlers]) end()
    },
    async close() {
      closed = true
      await draining
      await unlisten().catch(() => {})
      listeners.clear()
      topicListeners.clear()
    },
  }
}

/**
 * A dedicated client (not from the pool: a pooled connection would lose its LISTEN when released),
 * re-opened with backoff when the connection is lost.
 */
async function listenPglite(
  database: Database,
  channels: Record<string, (payload: string) => void>,
): Promise<Unlisten> {
  const stops = await Promise.all(
    Object.entries(channels).map(([channel, handle]) => database.pglite!.listen(channel, handle)),
  )
  return async () => {
    await Promise.all(stops.map((stop) => stop()))
  }
}

async function listenPg(
  pool: pg.Pool,
  channels: Record<string, (payload: string) => void>,
  onReconnected: () => Promise<void>,
  log: FastifyBaseLogger,
  reconnectMs: number,
  isClosed: () => boolean,
): Promise<Unlisten> {
  let client: pg.Client | null = null
  let timer: NodeJS.Timeout | null = null
  let delay = reconnectMs

  async function connect(): Promise<void> {
    const next = new pg.Client(pool.options)
    next.on('notification', (msg) => {
      if (msg.payload) channels[msg.channel]?.(msg.payload)
    })
    next.on('error', (error) => {
      log.warn({ err: error }, 'realtime: LISTEN connection lost')
      lost(next)
    })
    next.on('end', () => lost(next))
    await next.connect()
    for (const channel of Object.keys(channels)) await next.query(`LISTEN ${channel}`)
    client = next
    delay = reconnectMs
  }

  function lost(which: pg.Client) {
    if (client !== which || isClosed()) return
    client = null
    which.end().catch(() => {})
    schedule()
  }

  function schedule() {
    if (timer || isClosed()) return
    timer = setTimeout(async () => {
      timer = null
      try {
        await connect()
        if (isClosed()) {
          await client?.end().catch(() => {})
          return
        }
        log.info('realtime: LISTEN connection restored')
        await onReconnected()
      } catch (error) {
        log.warn({ err: error }, `realtime: reconnecting in ${delay} ms`)
        delay = Math.min(delay * 2, 30_000)
        schedule()
      }
    }, delay)
    timer.unref()
  }

  await connect()
  return async () => {
    if (timer) clearTimeout(timer)
    const current = client
    client = null
    await current?.end()
  }
}
