import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, isNull, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { StreamCreated, StreamRead, StreamSnapshot } from '#common/schemas/notifications.ts'
import { buildApp } from '#server/app.ts'
import { notify } from '#server/core/notify.ts'
import { openDatabase } from '#server/db/client.ts'
import { broadcastMessage, notification, notificationEvent, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { openSse } from '#server/test/sse.ts'
import { deliverBroadcasts, pruneEvents } from './notifications.service.ts'

let t: TestApp
let admin: TestUser
let base: string
beforeAll(async () => {
  t = await buildTestApp({ sseHeartbeatMs: 100 })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t.close())

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })
const post = (url: string, cookie?: string, body?: unknown) =>
  t.request({ method: 'POST', url, cookie, body })
const send = (body: unknown, cookie = admin.cookie) => post('/api/admin/notifications', cookie, body)

async function addNotifications(userId: string, n: number, prefix = 'Note') {
  for (let i = 0; i < n; i++) {
    await t.database.db.transaction((tx) => notify(tx, userId, 'comment', `${prefix} ${i}`, '/posts/1'))
  }
}

const rowsOf = (userId: string) =>
  t.database.db.select().from(notification).where(eq(notification.writerId, userId))
const eventsOf = (userId: string) =>
  t.database.db
    .select()
    .from(notificationEvent)
    .where(eq(notificationEvent.userId, userId))
    .orderBy(notificationEvent.id)
const total = async () => (await t.database.db.select({ n: count() }).from(notification))[0].n
const withMessage = (message: string) =>
  t.database.db.select().from(notification).where(eq(notification.message, message))
/** Waits for the delivery a broadcast's request started after answering (five seconds at most). */
async function untilDelivered() {
  await vi.waitFor(
    async () => {
      const left = await t.database.db
        .select({ n: count() })
        .from(broadcastMessage)
        .where(isNull(broadcastMessage.deliveredAt))
      expect(left[0].n).toBe(0)
    },
    { timeout: 5000, interval: 25 },
  )
}

describe('guards', () => {
  const id = randomUUID()
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/api/notifications', undefined],
    ['GET', '/api/notifications?filter=maybe', undefined],
    ['POST', `/api/notifications/${id}/read`, undefined],
    ['POST', '/api/notifications/not-a-uuid/read', undefined],
    ['POST', '/api/notifications/read-all', undefined],
    ['DELETE', '/api/notifications', undefined],
    ['GET', '/api/notifications/stream', undefined],
    ['GET', '/api/notifications/stream?lastEventId=x', undefined],
    ['POST', '/api/admin/notifications', { message: 'Hi', to: 'all' }],
  ]
  it.each(routes)('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it('a signed-out stream over a real socket is a 401, not a stream', async () => {
    const res = await fetch(`${base}/api/notifications/stream`)
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toContain('application/json')
  })

  it('broadcast is for administrators only (403, nothing written), whatever the input', async () => {
    const plain = await createUser(t)
    const before = await total()
    for (const body of [
      { message: 'Hi', to: 'all' },
      { message: '', to: 'nobody' },
    ]) {
      const res = await send(body, plain.cookie)
      expect(res.statusCode).toBe(403)
    }
    expect(await total()).toBe(before)
  })
})

describe('events that notify', () => {
  it('sign-up leaves a welcome notification, unread, linking to /welcome', async () => {
    const u = await createUser(t, { name: 'Grace Hopper' })
    const res = await get('/api/notifications', u.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      items: [
        {
          id: expect.any(String),
          writerId: u.id,
          kind: 'welcome',
          message: 'Welcome to Inkwell, Grace! Finish your profile to get started.',
          link: '/welcome',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          isRead: false,
        },
      ],
      nextCursor: null,
      unreadCount: 1,
    })
    expect((await eventsOf(u.id)).map((e) => e.type)).toEqual(['created'])
  })

  it('a role change by an administrator notifies the person, once per actual change', async () => {
    const u = await createUser(t)
    const setRole = (role: string) =>
      t.request({ method: 'PUT', url: `/api/admin/users/${u.id}/role`, body: { role }, cookie: admin.cookie })
    expect((await setRole('admin')).statusCode).toBe(200)
    expect((await setRole('admin')).statusCode).toBe(200)
    expect((await setRole('user')).statusCode).toBe(200)
    const items = (await get('/api/notifications', u.cookie)).json().items
    expect(
      items.map((n: { kind: string; message: string; link: string }) => [n.kind, n.message, n.link]),
    ).toEqual([
      ['role_changed', 'An administrator changed your role to user.', '/dashboard'],
      ['role_changed', 'An administrator made you an admin.', '/dashboard'],
      ['welcome', expect.any(String), '/welcome'],
    ])
  })

  it('a broadcast to one user reaches only them; an unknown user is a 404 with nothing written', async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const res = await send({ message: '  Maintenance tonight  ', link: '/status', to: { userId: a.id } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ sent: 1 })
    const [newest] = (await get('/api/notifications', a.cookie)).json().items
    expect(newest).toMatchObject({ kind: 'broadcast', message: 'Maintenance tonight', link: '/status' })
    expect(await rowsOf(b.id)).toHaveLength(1) // only the welcome

    const before = await total()
    const unknown = await send({ message: 'Hi', to: { userId: randomUUID() } })
    expect(unknown.statusCode).toBe(404)
    const malformed = await send({ message: 'Hi', to: { userId: 'no-such-user' } })
    expect(malformed.statusCode).toBe(400)
    expect(await total()).toBe(before)
  })

  it('a broadcast to all answers with one row written, then reaches every account, each with its own event and unread count', async () => {
    const u = await createUser(t)
    await addNotifications(u.id, 2)
    const users = (await get('/api/admin/totals', admin.cookie)).json().users
    const res = await send({ message: 'Hello everyone', to: 'all' })
    expect(res.json()).toEqual({ sent: users })
    const [sent] = await t.database.db
      .select()
      .from(broadcastMessage)
      .where(eq(broadcastMessage.message, 'Hello everyone'))
    expect(sent).toMatchObject({ recipients: users, link: null })
    await untilDelivered()
    const rows = await withMessage('Hello everyone')
    expect(rows).toHaveLength(users)
    expect(new Set(rows.map((r) => r.writerId)).size).toBe(users)
    expect(rows.every((r) => r.link === null && r.kind === 'broadcast')).toBe(true)
    const [event] = (await eventsOf(u.id)).slice(-1)
    expect(StreamCreated.parse(event.payload)).toMatchObject({
      notification: { writerId: u.id, message: 'Hello everyone', link: null, isRead: false },
      unreadCount: 4,
    })
  })

  it('delivers a broadcast in batches, from where a stopped delivery left it, each account once', async () => {
    await untilDelivered()
    const ids = (await t.database.db.select({ id: user.id }).from(user).orderBy(asc(user.id))).map(
      (r) => r.id,
    )
    // As if a process had notified the first three accounts and stopped.
    await t.database.db
      .insert(broadcastMessage)
      .values({ message: 'Resumed news', recipients: ids.length, afterUserId: ids[2] })
    expect(await deliverBroadcasts(t.app.ctx, 2)).toBe(ids.length - 3)
    const rows = await withMessage('Resumed news')
    expect(rows.map((r) => r.writerId).sort()).toEqual(ids.slice(3).sort())
    const [done] = await t.database.db
      .select()
      .from(broadcastMessage)
      .where(eq(broadcastMessage.message, 'Resumed news'))
    expect(done.deliveredAt).not.toBeNull()
    expect(done.afterUserId).toBe(ids.at(-1))
    // Delivered is delivered: running again notifies nobody.
    expect(await deliverBroadcasts(t.app.ctx, 2)).toBe(0)
    expect(await withMessage('Resumed news')).toHaveLength(ids.length - 3)
  })

  it('goes to the accounts that existed when it was sent, not to one that signs up during its delivery', async () => {
    await untilDelivered()
    const existing = (await t.database.db.select({ id: user.id }).from(user)).length
    // As if its delivery were still going through a large number of accounts.
    await t.database.db.insert(broadcastMessage).values({ message: 'Before you came', recipients: existing })
    const newcomer = await createUser(t)
    expect(await deliverBroadcasts(t.app.ctx)).toBe(existing)
    const rows = await withMessage('Before you came')
    expect(rows).toHaveLength(existing)
    expect(rows.map((r) => r.writerId)).not.toContain(newcomer.id)
  })

  it.each([
    [{ message: '', to: 'all' }],
    [{ message: '   ', to: 'all' }],
    [{ message: 'x'.repeat(501), to: 'all' }],
    [{ message: 'Hi', to: 'everyone' }],
    [{ message: 'Hi', to: { userId: '' } }],
    [{ message: 'Hi', link: '//evil.example/x', to: 'all' }],
    [{ message: 'Hi', link: 'https://evil.example', to: 'all' }],
    [{ message: 'Hi', link: 'javascript:alert(1)', to: 'all' }],
    [{ message: 'Hi', link: '/a b', to: 'all' }],
    [{ to: 'all' }],
  ])('broadcast %j is a 400 and writes nothing', async (body) => {
    const before = await total()
    const res = await send(body)
    expect(res.statusCode).toBe(400)
    expect(await total()).toBe(before)
  })
})

describe('the list', () => {
  it('pages newest first with a stable cursor, filters unread, and counts unread', async () => {
    const u = await createUser(t)
    await addNotifications(u.id, 24)
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const res = await get(`/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ''}`, u.cookie)
      expect(res.statusCode).toBe(200)
      const page = res.json()
      expect(page.unreadCount).toBe(25)
      ids.push(...page.items.map((n: { id: string }) => n.id))
      cursor = page.nextCursor
    } while (cursor)
    const all = (await rowsOf(u.id)).sort(
      (a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1),
    )
    expect(ids).toEqual(all.map((r) => r.id))

    const [first, second] = ids
    await post(`/api/notifications/${first}/read`, u.cookie)
    const unread = (await get('/api/notifications?filter=unread&limit=50', u.cookie)).json()
    expect(unread.unreadCount).toBe(24)
    expect(unread.items).toHaveLength(24)
    expect(unread.items[0].id).toBe(second)
    expect(unread.items.every((n: { isRead: boolean }) => !n.isRead)).toBe(true)
  })

  it.each([
    '/api/notifications?filter=maybe',
    '/api/notifications?limit=0',
    '/api/notifications?limit=51',
    '/api/notifications?cursor=garbage',
  ])('GET %s is a 400', async (url) => {
    const u = await createUser(t)
    expect((await get(url, u.cookie)).statusCode).toBe(400)
  })
})

describe('changing notifications', () => {
  it("marks one as read; another user's id or a made-up one is a 404 that changes nothing", async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const [aRow] = await rowsOf(a.id)
    const [bRow] = await rowsOf(b.id)

    expect((await post(`/api/notifications/${bRow.id}/read`, a.cookie)).statusCode).toBe(404)
    expect((await post(`/api/notifications/${randomUUID()}/read`, a.cookie)).statusCode).toBe(404)
    expect((await post('/api/notifications/not-a-uuid/read', a.cookie)).statusCode).toBe(400)
    expect((await rowsOf(b.id))[0].isRead).toBe(false)
    expect((await eventsOf(b.id)).map((e) => e.type)).toEqual(['created'])

    const res = await post(`/api/notifications/${aRow.id}/read`, a.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ids: [aRow.id], unreadCount: 0 })
    expect((await rowsOf(a.id))[0].isRead).toBe(true)
    // Again: same answer, no second event.
    expect((await post(`/api/notifications/${aRow.id}/read`, a.cookie)).json()).toEqual({
      ids: [aRow.id],
      unreadCount: 0,
    })
    expect((await eventsOf(a.id)).map((e) => e.type)).toEqual(['created', 'read'])
  })

  it("mark-all touches only the caller's unread rows, in one read event", async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    await addNotifications(a.id, 2)
    await addNotifications(b.id, 2)
    const [welcome] = (await rowsOf(a.id)).filter((r) => r.kind === 'welcome')
    await post(`/api/notifications/${welcome.id}/read`, a.cookie)
    const unreadBefore = (await rowsOf(a.id)).filter((r) => !r.isRead).map((r) => r.id)

    const res = await post('/api/notifications/read-all', a.cookie)
    expect(res.statusCode).toBe(200)
    const body = StreamRead.parse(res.json())
    expect(body.unreadCount).toBe(0)
    expect([...body.ids].sort()).toEqual(unreadBefore.sort())
    expect((await rowsOf(a.id)).every((r) => r.isRead)).toBe(true)
    expect((await rowsOf(b.id)).every((r) => !r.isRead)).toBe(true)
    const events = await eventsOf(a.id)
    expect(events.filter((e) => e.type === 'read')).toHaveLength(2) // the welcome's own, then this one
    expect(events.at(-1)?.payload).toEqual(body)

    // Nothing left unread: no event at all.
    expect((await post('/api/notifications/read-all', a.cookie)).json()).toEqual({ ids: [], unreadCount: 0 })
    expect(await eventsOf(a.id)).toHaveLength(events.length)
  })

  it("clear-all deletes only the caller's notifications, in one cleared event", async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    await addNotifications(a.id, 3)
    const res = await t.request({ method: 'DELETE', url: '/api/notifications', cookie: a.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ unreadCount: 0 })
    expect(await rowsOf(a.id)).toHaveLength(0)
    expect(await rowsOf(b.id)).toHaveLength(1)
    expect((await eventsOf(a.id)).at(-1)).toMatchObject({ type: 'cleared', payload: { unreadCount: 0 } })
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(notificationEvent)
          .where(and(eq(notificationEvent.userId, a.id), eq(notificationEvent.type, 'cleared')))
      )[0].n,
    ).toBe(1)
  })
})

describe('the live stream', () => {
  const stream = (u: TestUser, headers: Record<string, string> = {}, query = '') =>
    openSse(`${base}/api/notifications/stream${query}`, { cookie: u.cookie, ...headers })
  const sendTo = async (u: TestUser, message: string) => {
    const res = await send({ message, to: { userId: u.id } })
    expect(res.statusCode).toBe(200)
  }
  const connections = () => t.app.ctx.hub.connectionCount()

  it('opens with a snapshot, then delivers what happens live, with ids and heartbeats', async () => {
    const u = await createUser(t, { name: 'Live Person' })
    await addNotifications(u.id, 21)
    const s = await stream(u)
    try {
      expect(s.status).toBe(200)
      expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(s.headers.get('cache-control')).toBe('no-cache')
      expect(s.headers.get('x-accel-buffering')).toBe('no')

      const snapshot = await s.next()
      expect(snapshot.event).toBe('snapshot')
      expect(snapshot.id).toBeUndefined()
      const data = StreamSnapshot.parse(snapshot.data)
      expect(data.unreadCount).toBe(22)
      expect(data.items).toHaveLength(20)
      expect(data.items[0].message).toBe('Note 20')

      await sendTo(u, 'Fresh news')
      const created = await s.next()
      expect(created.event).toBe('created')
      expect(Number(created.id)).toBeGreaterThan(0)
      expect(StreamCreated.parse(created.data)).toMatchObject({
        notification: { message: 'Fresh news', kind: 'broadcast', isRead: false, writerId: u.id },
        unreadCount: 23,
      })

      const id = StreamCreated.parse(created.data).notification.id
      await post(`/api/notifications/${id}/read`, u.cookie)
      const read = await s.next()
      expect(read).toMatchObject({ event: 'read', data: { ids: [id], unreadCount: 22 } })
      expect(Number(read.id)).toBeGreaterThan(Number(created.id))

      await post('/api/notifications/read-all', u.cookie)
      expect(await s.next()).toMatchObject({ event: 'read', data: { unreadCount: 0 } })
      await t.request({ method: 'DELETE', url: '/api/notifications', cookie: u.cookie })
      expect(await s.next()).toMatchObject({ event: 'cleared', data: { unreadCount: 0 } })

      expect(await s.next({ comments: true })).toEqual({ comment: 'heartbeat' })
    } finally {
      s.close()
    }
    await vi.waitFor(() => expect(connections()).toBe(0))
  })

  it('a reconnect with Last-Event-ID gets exactly the missed events, in order, and no snapshot', async () => {
    const u = await createUser(t)
    const first = await stream(u)
    expect((await first.next()).event).toBe('snapshot')
    await sendTo(u, 'one')
    const one = await first.next()
    first.close()
    await vi.waitFor(() => expect(connections()).toBe(0))

    await sendTo(u, 'two')
    await sendTo(u, 'three')
    const missed = (await eventsOf(u.id)).filter((e) => e.id > Number(one.id))
    expect(missed).toHaveLength(2)

    for (const resume of [
      () => stream(u, { 'last-event-id': one.id! }),
      () => stream(u, {}, `?lastEventId=${one.id}`),
    ]) {
      const s = await resume()
      try {
        const frames = [await s.next(), await s.next()]
        expect(
          frames.map((f) => [f.event, Number(f.id), (f.data as StreamCreated).notification.message]),
        ).toEqual([
          ['created', missed[0].id, 'two'],
          ['created', missed[1].id, 'three'],
        ])
        await s.expectQuiet(200)
      } finally {
        s.close()
      }
    }
    await vi.waitFor(() => expect(connections()).toBe(0))

    // Resumed, then live: the next event follows, with no repeats.
    const s = await stream(u, { 'last-event-id': String(missed[1].id) })
    try {
      await s.expectQuiet(150)
      await sendTo(u, 'four')
      const four = await s.next()
      expect((four.data as StreamCreated).notification.message).toBe('four')
      expect(Number(four.id)).toBeGreaterThan(missed[1].id)
      await s.expectQuiet(150)
    } finally {
      s.close()
    }
  })

  it('old events are pruned as a prefix, and a resume from before the pruning gets a fresh snapshot', async () => {
    const u = await createUser(t)
    await sendTo(u, 'old one')
    await sendTo(u, 'old two')
    await sendTo(u, 'recent')
    // Its sign-up welcome came first; these are the last three.
    const [oldOne, oldTwo, recent] = (await eventsOf(u.id)).slice(-3)
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
    await t.database.db
      .update(notificationEvent)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(notificationEvent.id, [oldOne.id, oldTwo.id]))

    expect(await pruneEvents(t.app.ctx)).toBeGreaterThanOrEqual(2)
    const left = (await eventsOf(u.id)).map((e) => e.id)
    expect(left).toEqual([recent.id])
    // Everything at or below the newest old event is gone, whoever it belonged to.
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(notificationEvent)
      .where(lte(notificationEvent.id, oldTwo.id))
    expect(n).toBe(0)

    // Resuming after oldOne would miss oldTwo's event: the stream starts over with a snapshot.
    const s = await stream(u, { 'last-event-id': String(oldOne.id) })
    try {
      const first = await s.next()
      expect(first.event).toBe('snapshot')
      expect((first.data as StreamSnapshot).items.map((n) => n.message)).toContain('recent')
    } finally {
      s.close()
    }
    // Resuming from an event still stored replays as before.
    await sendTo(u, 'newest')
    const r = await stream(u, { 'last-event-id': String(recent.id) })
    try {
      const next = await r.next()
      expect([next.event, (next.data as StreamCreated).notification.message]).toEqual(['created', 'newest'])
    } finally {
      r.close()
    }
  })

  it('a Last-Event-ID that is not an event id is a 400', async () => {
    const u = await createUser(t)
    const res = await get('/api/notifications/stream?lastEventId=abc', u.cookie)
    expect(res.statusCode).toBe(400)
    const header = await t.request({
      method: 'GET',
      url: '/api/notifications/stream',
      cookie: u.cookie,
      headers: { 'last-event-id': '1; drop' },
    })
    expect(header.statusCode).toBe(400)
  })

  it("never carries another user's events", async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const [sa, sb] = [await stream(a), await stream(b)]
    try {
      expect((await sa.next()).event).toBe('snapshot')
      expect((await sb.next()).event).toBe('snapshot')
      await sendTo(b, 'for b')
      await sendTo(a, 'for a')
      expect((await sb.next()).data).toMatchObject({ notification: { message: 'for b', writerId: b.id } })
      expect((await sa.next()).data).toMatchObject({ notification: { message: 'for a', writerId: a.id } })
      await sa.expectQuiet(150)
      await sb.expectQuiet(1)
    } finally {
      sa.close()
      sb.close()
    }
    await vi.waitFor(() => expect(connections()).toBe(0))
  })

  it('two tabs of one person both get every event; closing one frees only its listener', async () => {
    const u = await createUser(t)
    const [s1, s2] = [await stream(u), await stream(u)]
    await s1.next()
    await s2.next()
    expect(connections()).toBe(2)
    s1.close()
    await vi.waitFor(() => expect(connections()).toBe(1))
    await sendTo(u, 'still here')
    expect((await s2.next()).data).toMatchObject({ notification: { message: 'still here' } })
    s2.close()
    await vi.waitFor(() => expect(connections()).toBe(0))
  })

  // Skipped on PGlite: it is one in-process database, so there is no second process to fan out to.
  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'reaches a client on another process: written through app B, delivered by app A (PostgreSQL only; PGlite is single-process)',
    async () => {
      const u = await createUser(t)
      const databaseB = await openDatabase({ driver: 'pg', url: t.databaseUrl!, poolSize: 2 })
      const appB = await buildApp({ config: t.config, database: databaseB, logger: false })
      const s = await stream(u)
      try {
        expect((await s.next()).event).toBe('snapshot')
        const res = await appB.inject({
          method: 'POST',
          url: '/api/admin/notifications',
          headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ message: 'from B', to: { userId: u.id } }),
        })
        expect(res.statusCode).toBe(200)
        expect((await s.next()).data).toMatchObject({ notification: { message: 'from B', writerId: u.id } })
      } finally {
        s.close()
        await appB.close()
        await databaseB.close()
      }
    },
  )
})
