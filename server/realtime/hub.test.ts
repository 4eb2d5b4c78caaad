import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { notify } from '#server/modules/notifications/notify.ts'
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
    .map((e) => (e.payload as { notification: { kind: string; message: string } }).notification)
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
