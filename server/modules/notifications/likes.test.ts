import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Notification, StreamCreated, StreamRemoved } from '#common/schemas/notifications.ts'
import { notification } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { openSse } from '#server/test/sse.ts'
import { likeMessage } from './likes.ts'

let t: TestApp
let admin: TestUser
let base: string
beforeAll(async () => {
  t = await buildTestApp({ sseHeartbeatMs: 100 })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const req = (method: Method, url: string, cookie?: string, body?: unknown) =>
  t.request({ method, url, cookie, body })

interface Post {
  id: string
  slug: string
  title: string
}

async function published(writer: TestUser, title: string): Promise<Post> {
  const res = await req('POST', '/api/posts', writer.cookie, {
    title,
    category: 'fiction',
    bodyHtml: '<p>Sea</p>',
  })
  expect(res.statusCode, res.body).toBe(201)
  const p: Post = res.json()
  expect((await req('POST', `/api/posts/${p.id}/submit`, writer.cookie)).statusCode).toBe(200)
  expect((await req('POST', `/api/admin/posts/${p.id}/approve`, admin.cookie)).statusCode).toBe(200)
  return p
}

const like = async (p: Post, u: TestUser) =>
  expect((await req('PUT', `/api/posts/${p.id}/like`, u.cookie)).statusCode).toBe(200)
const unlike = async (p: Post, u: TestUser) =>
  expect((await req('DELETE', `/api/posts/${p.id}/like`, u.cookie)).statusCode).toBe(200)

/** The writer's bell as the API gives it: every notification newest first, and the unread count. */
async function bell(u: TestUser): Promise<{ items: Notification[]; unreadCount: number }> {
  const res = await req('GET', '/api/notifications?limit=50', u.cookie)
  expect(res.statusCode).toBe(200)
  return res.json()
}
const likes = async (u: TestUser) => (await bell(u)).items.filter((n) => n.kind === 'like')
const rowsFor = (u: TestUser, p: Post) =>
  t.database.db
    .select()
    .from(notification)
    .where(and(eq(notification.writerId, u.id), eq(notification.groupKey, `like:${p.id}`)))

/** Timestamps have millisecond precision: a later event must not share one with the previous. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

let readers: TestUser[]
beforeAll(async () => {
  readers = []
  for (const name of ['Ana Lopez', 'Tomás Reyes', 'Priya Patel', 'Hana Sato', 'Mei Chen']) {
    readers.push(await createUser(t, { name }))
  }
})

describe('likeMessage', () => {
  it('names the newest liker, then the second or how many others', () => {
    expect(likeMessage(['Ana'], 1, 'Tides')).toBe('Ana liked “Tides”')
    expect(likeMessage(['Ana', 'Tomás'], 2, 'Tides')).toBe('Ana and Tomás liked “Tides”')
    expect(likeMessage(['Ana'], 3, 'Tides')).toBe('Ana and 2 others liked “Tides”')
  })
})

describe('a like notifies the post author, one grouped notification per post', () => {
  it('one like: one unread notification naming the reader, linking to the post', async () => {
    const writer = await createUser(t, { name: 'Wanjiru Writer' })
    const p = await published(writer, 'Waves and tides')
    const before = (await bell(writer)).unreadCount
    await like(p, readers[0])
    const { items, unreadCount } = await bell(writer)
    expect(items[0]).toEqual({
      id: expect.any(String),
      writerId: writer.id,
      kind: 'like',
      message: 'Ana Lopez liked “Waves and tides”',
      link: `/learn/${writer.id}/${p.slug}`,
      timestamp: expect.any(String),
      isRead: false,
    })
    expect(unreadCount).toBe(before + 1)
  })

  it('more readers update the same notification, newest named first; the unread count moves once', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Salt')
    const before = (await bell(writer)).unreadCount
    await like(p, readers[0])
    const [first] = await likes(writer)
    await tick()
    await like(p, readers[1])
    expect((await likes(writer)).map((n) => n.message)).toEqual(['Tomás Reyes and Ana Lopez liked “Salt”'])
    await tick()
    await like(p, readers[2])
    const after = await bell(writer)
    const [updated] = after.items.filter((n) => n.kind === 'like')
    expect(updated).toMatchObject({
      id: first.id,
      message: 'Priya Patel and 2 others liked “Salt”',
      isRead: false,
    })
    expect(updated.timestamp > first.timestamp).toBe(true)
    expect(after.unreadCount).toBe(before + 1)
    expect(await rowsFor(writer, p)).toHaveLength(1)
  })

  it('a new like brings it back to the top, above newer notifications', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Harbour')
    await like(p, readers[0])
    await tick()
    expect(
      (await req('POST', `/api/posts/${p.id}/comments`, readers[1].cookie, { body: 'Lovely' })).statusCode,
    ).toBe(201)
    expect((await bell(writer)).items[0].kind).toBe('comment')
    await tick()
    await like(p, readers[2])
    const { items } = await bell(writer)
    expect(items.map((n) => n.kind).slice(0, 2)).toEqual(['like', 'comment'])
    expect(items.filter((n) => n.kind === 'like')).toHaveLength(1)
  })

  it('once the author has read it, the next like makes it unread and on top again, counting from then', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Lighthouse')
    await like(p, readers[0])
    await like(p, readers[1])
    expect((await req('POST', '/api/notifications/read-all', writer.cookie)).statusCode).toBe(200)
    expect((await bell(writer)).unreadCount).toBe(0)
    await tick()
    expect(
      (await req('POST', `/api/posts/${p.id}/comments`, readers[4].cookie, { body: 'Hi' })).statusCode,
    ).toBe(201)
    await tick()
    await like(p, readers[2])
    const { items, unreadCount } = await bell(writer)
    expect(items[0]).toMatchObject({ kind: 'like', message: 'Priya Patel liked “Lighthouse”', isRead: false })
    expect(unreadCount).toBe(2)

    await tick()
    await like(p, readers[3])
    expect(await likes(writer)).toMatchObject([{ message: 'Hana Sato and Priya Patel liked “Lighthouse”' }])
    expect((await bell(writer)).unreadCount).toBe(2)
  })

  it('liking twice changes nothing; an unlike creates nothing, and the unliker is no longer counted', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Driftwood')
    await like(p, readers[0])
    await like(p, readers[1])
    const [before] = await likes(writer)
    await like(p, readers[1])
    await unlike(p, readers[0])
    expect(await likes(writer)).toEqual([before])

    await like(p, readers[2])
    expect((await likes(writer)).map((n) => n.message)).toEqual([
      'Priya Patel and Tomás Reyes liked “Driftwood”',
    ])
  })

  it('unliking and liking again, by someone it already names, does not bring it back or reword it', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Undertow')
    await like(p, readers[0])
    await tick()
    await like(p, readers[1])
    await tick()
    expect(
      (await req('POST', `/api/posts/${p.id}/comments`, readers[4].cookie, { body: 'Hi' })).statusCode,
    ).toBe(201)
    const before = await bell(writer)
    const s = await openSse(`${base}/api/notifications/stream`, { cookie: writer.cookie })
    try {
      expect((await s.next()).event).toBe('snapshot')
      for (const reader of [readers[0], readers[1], readers[0]]) {
        await tick()
        await unlike(p, reader)
        await like(p, reader)
      }
      await s.expectQuiet()
    } finally {
      s.close()
    }
    expect(await bell(writer)).toEqual(before)
    expect(before.items.map((n) => n.kind).slice(0, 2)).toEqual(['comment', 'like'])

    // Once the author has read it, the next like starts a new group, whoever it is from.
    expect((await req('POST', '/api/notifications/read-all', writer.cookie)).statusCode).toBe(200)
    await tick()
    await unlike(p, readers[0])
    await like(p, readers[0])
    const after = await bell(writer)
    expect(after.items[0]).toMatchObject({
      kind: 'like',
      message: 'Ana Lopez liked “Undertow”',
      isRead: false,
    })
    expect(after.unreadCount).toBe(1)
  })

  it('a like of your own post notifies nobody', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Mine')
    const before = await bell(writer)
    await like(p, writer)
    expect(await bell(writer)).toEqual(before)
    expect(await rowsFor(writer, p)).toEqual([])

    await like(p, readers[0])
    expect((await likes(writer)).map((n) => n.message)).toEqual(['Ana Lopez liked “Mine”'])
  })

  it('likes at the same moment from different readers make one notification counting them all', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Crowd')
    const before = (await bell(writer)).unreadCount
    await Promise.all(readers.map((r) => like(p, r)))
    const rows = await rowsFor(writer, p)
    expect(rows).toHaveLength(1)
    expect(rows[0].message).toMatch(
      /^(Ana Lopez|Tomás Reyes|Priya Patel|Hana Sato|Mei Chen) and 4 others liked “Crowd”$/,
    )
    expect((await bell(writer)).unreadCount).toBe(before + 1)
  })
})

describe('deleted accounts', () => {
  const deleteAccount = async (u: TestUser) =>
    expect((await req('POST', '/api/auth/delete-user', u.cookie, { password: u.password })).statusCode).toBe(
      200,
    )

  it('are no longer named; a notification nobody is left in goes away, live', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Gone')
    const q = await published(writer, 'Still here')
    const [ana, tomas, priya] = [
      await createUser(t, { name: 'Ana Gone' }),
      await createUser(t, { name: 'Tomás Gone' }),
      readers[2],
    ]
    await like(p, ana)
    await tick()
    await like(p, tomas)
    await like(q, priya)
    await tick()
    await like(q, ana)
    expect((await likes(writer)).map((n) => n.message)).toEqual([
      'Ana Gone and Priya Patel liked “Still here”',
      'Tomás Gone and Ana Gone liked “Gone”',
    ])
    const [onQ, onP] = await likes(writer)
    const unread = (await bell(writer)).unreadCount
    const s = await openSse(`${base}/api/notifications/stream`, { cookie: writer.cookie })
    try {
      expect((await s.next()).event).toBe('snapshot')
      await deleteAccount(ana)
      const reworded = [await s.next(), await s.next()]
      const messages = reworded.map((f) => StreamCreated.parse(f.data).notification)
      expect(messages.map((n) => [n.id, n.message, n.timestamp]).sort()).toEqual(
        [
          [onP.id, 'Tomás Gone liked “Gone”', onP.timestamp],
          [onQ.id, 'Priya Patel liked “Still here”', onQ.timestamp],
        ].sort(),
      )

      await deleteAccount(tomas)
      const removed = await s.next()
      expect(removed.event).toBe('removed')
      expect(StreamRemoved.parse(removed.data)).toEqual({ ids: [onP.id], unreadCount: unread - 1 })
    } finally {
      s.close()
    }
    expect((await likes(writer)).map((n) => n.message)).toEqual(['Priya Patel liked “Still here”'])
  })
})

describe('the live stream', () => {
  it('sends the updated notification under the same id, so a client replaces it', async () => {
    const writer = await createUser(t)
    const p = await published(writer, 'Live')
    const s = await openSse(`${base}/api/notifications/stream`, { cookie: writer.cookie })
    try {
      const snapshot = await s.next()
      expect(snapshot.event).toBe('snapshot')
      const unread = (snapshot.data as { unreadCount: number }).unreadCount

      await like(p, readers[0])
      const first = await s.next()
      expect(first.event).toBe('created')
      const created = StreamCreated.parse(first.data)
      expect(created).toMatchObject({
        notification: { kind: 'like', message: 'Ana Lopez liked “Live”', isRead: false },
        unreadCount: unread + 1,
      })

      await tick()
      await like(p, readers[1])
      const second = await s.next()
      expect(second.event).toBe('created')
      expect(Number(second.id)).toBeGreaterThan(Number(first.id))
      const updated = StreamCreated.parse(second.data)
      expect(updated).toMatchObject({
        notification: { id: created.notification.id, message: 'Tomás Reyes and Ana Lopez liked “Live”' },
        unreadCount: unread + 1,
      })
      expect(updated.notification.timestamp > created.notification.timestamp).toBe(true)

      await like(p, readers[1])
      await unlike(p, readers[0])
      await s.expectQuiet()
    } finally {
      s.close()
    }
  })
})
