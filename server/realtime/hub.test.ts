import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { notify } from '#server/core/notify.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { openSse } from '#server/test/sse.ts'
import { createHub, type StreamEvent } from './hub.ts'

let t: TestApp
let u: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  u = await createUser(t)
})
afterAll(() => t.close())

// Only the comment notifications these tests write: the user's welcome notification may still be
// on its way from an earlier NOTIFY when a test subscribes.
const received = (events: StreamEvent[]) =>
  events
    .map((e) => (JSON.parse(e.data) as { notification: { kind: string; message: string } }).notification)
    .filter((n) => n.kind === 'comment')
    .map((n) => n.message)

it('announces a notification when its transaction commits, and never when it rolls back', async () => {
  const events: StreamEvent[] = []
  const unsubscribe = t.app.ctx.hub.subscribe(u.id, (e) => events.push(e))
  try {
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, u.id, 'comment', 'rolled back')
        throw new Error('abort')
      })
      .catch(() => {})
    await t.database.db.transaction((tx) => notify(tx, u.id, 'comment', 'committed'))
    await vi.waitFor(() => expect(received(events)).toEqual(['committed']))
    expect(events.at(-1)).toMatchObject({ userId: u.id, type: 'created' })
  } finally {
    unsubscribe()
  }
  expect(t.app.ctx.hub.connectionCount()).toBe(0)
})

it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
  'PostgreSQL: re-opens a lost LISTEN connection and catches up on what was written meanwhile',
  async () => {
    const hub = await createHub({ database: t.database, log: t.app.log, reconnectMs: 300 })
    const events: StreamEvent[] = []
    hub.subscribe(u.id, (e) => events.push(e))
    try {
      const killed = await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`)
      expect(killed.rows.length).toBeGreaterThanOrEqual(1)
      // Written while no LISTEN is open (the hubs wait 300 ms, the app's own 1 s, to reconnect).
      await t.database.db.transaction((tx) => notify(tx, u.id, 'comment', 'during the gap'))
      await vi.waitFor(() => expect(received(events)).toEqual(['during the gap']), { timeout: 5000 })
      await t.database.db.transaction((tx) => notify(tx, u.id, 'comment', 'after'))
      await vi.waitFor(() => expect(received(events)).toEqual(['during the gap', 'after']), { timeout: 5000 })
    } finally {
      await hub.close()
    }
  },
)

it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
  'PostgreSQL: a notification draws its event id only once the events lock is free, so ids commit in order',
  async () => {
    const db = t.database.db
    const lastDrawn = async () =>
      Number(
        (
          await db.execute<{ last: string }>(
            sql`select last_value::text as last from pg_sequences where sequencename = 'notification_event_id_seq'`,
          )
        ).rows[0].last,
      )
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let firstId = 0
    const first = db.transaction(async (tx) => {
      await notify(tx, u.id, 'comment', 'first')
      firstId = await lastDrawn()
      await held
    })
    await vi.waitFor(() => expect(firstId).toBeGreaterThan(0))
    const second = db.transaction((tx) => notify(tx, u.id, 'comment', 'second'))
    const waiting = sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
      and database = (select oid from pg_database where datname = current_database())`
    await vi.waitFor(async () => expect((await db.execute<{ n: number }>(waiting)).rows[0].n).toBe(1))
    // The second is waiting for the lock and has not drawn an id: had it drawn one, it could
    // commit before the first and a stream would skip the first's event.
    expect(await lastDrawn()).toBe(firstId)
    release()
    await first
    await second
    const ids = (
      await db.execute<{
        id: number
        message: string
      }>(sql`select e.id::int as id, e.payload->'notification'->>'message' as message
        from notification_event e where e.user_id = ${u.id} and e.id >= ${firstId} order by e.id`)
    ).rows
    expect(ids.map((r) => r.message)).toEqual(['first', 'second'])
    expect(ids[0].id).toBe(firstId)
  },
)

it('closing the app ends open streams instead of waiting for them', async () => {
  const other = await buildTestApp()
  const person = await createUser(other)
  const base = await other.app.listen({ port: 0, host: '127.0.0.1' })
  const s = await openSse(`${base}/api/notifications/stream`, { cookie: person.cookie })
  expect((await s.next()).event).toBe('snapshot')
  expect(other.app.ctx.hub.connectionCount()).toBe(1)
  await other.close()
  await expect(s.next({ ms: 2000 })).rejects.toThrow('the stream ended')
  expect(other.app.ctx.hub.connectionCount()).toBe(0)
})
