import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostStatus } from '#common/schemas/posts.ts'
import type { ReportItem } from '#common/schemas/reports.ts'
import { notification, post, postComment, report } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
let reader: TestUser
let other: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  reader = await createUser(t, { name: 'Rosa Reader' })
  other = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

type Method = 'GET' | 'POST'
const req = (method: Method, url: string, cookie?: string, body?: unknown) =>
  t.request({ method, url, cookie, body })

interface Fixture {
  id: string
  slug: string
  title: string
}

/** Posts and comments straight in the database: these tests are about reports, not the editor. */
async function addPost(
  status: PostStatus = 'published',
  title = 'Waves and tides',
  by: TestUser = writer,
  app: TestApp = t,
): Promise<Fixture> {
  const [row] = await app.database.db
    .insert(post)
    .values({
      authorId: by.id,
      category: 'fiction',
      title,
      slug: `waves-${randomUUID()}`,
      excerpt: 'The sea, twice a day.',
      status,
      publishedAt: status === 'published' ? new Date() : null,
    })
    .returning()
  return row
}

async function addComment(postId: string, by: TestUser, body = 'Lovely piece') {
  const [row] = await t.database.db.insert(postComment).values({ postId, authorId: by.id, body }).returning()
  return row
}

const fileReport = (cookie: string, body: unknown) => req('POST', '/api/reports', cookie, body)
const reportRows = () => t.database.db.select().from(report)
const reportRow = async (id: string) =>
  (await t.database.db.select().from(report).where(eq(report.id, id)))[0]
/** What someone was told about their content being removed (everyone also has a welcome). */
const removalsTold = async (userId: string) =>
  (await t.database.db.select().from(notification).where(eq(notification.writerId, userId))).filter(
    (n) => n.kind === 'item_removed',
  )
const link = (p: Fixture) => `/learn/${writer.id}/${p.slug}`

describe('guards', () => {
  const id = randomUUID()
  it('POST /api/reports answers 401 when signed out', async () => {
    const res = await req('POST', '/api/reports', undefined, {
      targetType: 'post',
      targetId: id,
      reason: 'spam',
    })
    expect(res.statusCode).toBe(401)
  })

  it.each<[Method, string, unknown]>([
    ['GET', '/api/admin/reports', undefined],
    ['POST', `/api/admin/reports/${id}/resolve`, { action: 'dismiss' }],
  ])('%s %s answers 401 signed out and 403 to a non-admin', async (method, url, body) => {
    expect((await req(method, url, undefined, body)).statusCode).toBe(401)
    expect((await req(method, url, reader.cookie, body)).statusCode).toBe(403)
  })
})

describe('POST /api/reports', () => {
  it('files a report on a published post (201), and the same one again is the same report (200)', async () => {
    const p = await addPost()
    const body = { targetType: 'post', targetId: p.id, reason: 'spam', details: '  Shop links everywhere ' }
    const first = await fileReport(reader.cookie, body)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toEqual({ id: expect.any(String), status: 'open' })
    const again = await fileReport(reader.cookie, { ...body, reason: 'other', details: 'Changed my mind' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())

    const row = await reportRow(first.json().id)
    expect(row).toMatchObject({
      reporterId: reader.id,
      targetType: 'post',
      targetId: p.id,
      reason: 'spam',
      details: 'Shop links everywhere',
      status: 'open',
      resolvedBy: null,
      resolvedAt: null,
    })
  })

  it('files a report on a comment on a published post', async () => {
    const p = await addPost()
    const c = await addComment(p.id, other)
    const res = await fileReport(reader.cookie, {
      targetType: 'comment',
      targetId: c.id,
      reason: 'harassment',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await reportRow(res.json().id)).toMatchObject({ targetType: 'comment', targetId: c.id })
  })

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = (await reportRows()).length
    const bad = await fileReport(reader.cookie, { targetType: 'book', targetId: 'nope', reason: 'boring' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      targetType: 'Choose what you are reporting',
      targetId: 'That item does not exist',
      reason: 'Choose a reason',
    })
    const p = await addPost()
    const other = await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'other' })
    expect(other.statusCode).toBe(400)
    expect(other.json().error.fields).toEqual({ details: 'Tell us what is wrong' })
    const long = await fileReport(reader.cookie, {
      targetType: 'post',
      targetId: p.id,
      reason: 'spam',
      details: 'x'.repeat(1001),
    })
    expect(long.json().error.fields).toEqual({ details: 'Keep the details under 1000 characters' })
    expect((await reportRows()).length).toBe(before)
  })

  it('answers 404 for what does not exist or the reporter may not read', async () => {
    const before = (await reportRows()).length
    const draft = await addPost('draft')
    const pending = await addPost('pending')
    const onDraft = await addComment(draft.id, writer)
    const cases = [
      { targetType: 'post', targetId: randomUUID() },
      { targetType: 'post', targetId: draft.id },
      { targetType: 'post', targetId: pending.id },
      { targetType: 'comment', targetId: randomUUID() },
      { targetType: 'comment', targetId: onDraft.id },
    ]
    for (const target of cases) {
      const res = await fileReport(reader.cookie, { ...target, reason: 'spam' })
      expect(res.statusCode, JSON.stringify(target)).toBe(404)
    }
    expect((await reportRows()).length).toBe(before)
  })

  it('answers 403 for your own post or comment', async () => {
    const before = (await reportRows()).length
    const p = await addPost()
    const c = await addComment(p.id, reader)
    const own = await fileReport(writer.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })
    expect(own.statusCode).toBe(403)
    expect(own.json().error.message).toBe('You cannot report your own post')
    const ownComment = await fileReport(reader.cookie, {
      targetType: 'comment',
      targetId: c.id,
      reason: 'spam',
    })
    expect(ownComment.statusCode).toBe(403)
    expect(ownComment.json().error.message).toBe('You cannot report your own comment')
    expect((await reportRows()).length).toBe(before)
  })
})

describe('GET /api/admin/reports', () => {
  let queue: TestApp
  let qAdmin: TestUser
  let qWriter: TestUser
  let qReaders: TestUser[]
  beforeAll(async () => {
    queue = await buildTestApp()
    qAdmin = await createUser(queue, { name: 'Ada Admin', role: 'admin' })
    qWriter = await createUser(queue, { name: 'Wanjiru Writer' })
    qReaders = [
      await createUser(queue, { name: 'Rosa Reader' }),
      await createUser(queue, { name: 'Tomás Reyes' }),
      await createUser(queue, { name: 'Li Wei' }),
    ]
  })
  afterAll(() => queue.close())

  it('lists open reports newest first with their target, page by page, and null for a target that is gone', async () => {
    const p = await addPost('published', 'Newton’s laws, gently', qWriter, queue)
    const [c] = await queue.database.db
      .insert(postComment)
      .values({ postId: p.id, authorId: qReaders[2].id, body: 'Buy cheap essays at example.com' })
      .returning()
    const gone = await addPost('published', 'Soon deleted', qWriter, queue)
    const file = (by: TestUser, body: unknown) =>
      queue.request({ method: 'POST', url: '/api/reports', cookie: by.cookie, body })
    for (const body of [
      { targetType: 'post', targetId: p.id, reason: 'copyright', details: 'Copied from a textbook' },
      { targetType: 'comment', targetId: c.id, reason: 'spam' },
      { targetType: 'post', targetId: gone.id, reason: 'inappropriate' },
    ]) {
      expect((await file(qReaders[0], body)).statusCode).toBe(201)
    }
    // The author deletes the post: its report stays, with no target.
    await queue.database.db.delete(post).where(eq(post.id, gone.id))

    const list = (url: string) => queue.request({ method: 'GET', url, cookie: qAdmin.cookie })
    const first = await list('/api/admin/reports?limit=2')
    expect(first.statusCode, first.body).toBe(200)
    const page1 = first.json() as { items: ReportItem[]; nextCursor: string | null }
    expect(page1.items.map((i) => i.targetId)).toEqual([gone.id, c.id])
    expect(page1.items[0].target).toBeNull()
    expect(page1.items[1]).toMatchObject({
      targetType: 'comment',
      reason: 'spam',
      details: '',
      status: 'open',
      resolvedAt: null,
      reporter: { id: qReaders[0].id, name: 'Rosa Reader', image: null },
      target: {
        title: 'Newton’s laws, gently',
        text: 'Buy cheap essays at example.com',
        author: { id: qReaders[2].id, name: 'Li Wei', image: null },
        link: `/learn/${qWriter.id}/${p.slug}`,
      },
    })
    expect(page1.nextCursor).toEqual(expect.any(String))

    const second = await list(`/api/admin/reports?limit=2&cursor=${page1.nextCursor}`)
    const page2 = second.json() as { items: ReportItem[]; nextCursor: string | null }
    expect(page2.nextCursor).toBeNull()
    expect(page2.items).toHaveLength(1)
    expect(page2.items[0]).toMatchObject({
      targetType: 'post',
      reason: 'copyright',
      details: 'Copied from a textbook',
      target: {
        title: 'Newton’s laws, gently',
        text: 'The sea, twice a day.',
        author: { id: qWriter.id, name: 'Wanjiru Writer', image: null },
        link: `/learn/${qWriter.id}/${p.slug}`,
      },
    })

    expect((await list('/api/admin/reports?status=dismissed')).json()).toEqual({
      items: [],
      nextCursor: null,
    })
  })

  it('refuses a bad status or cursor with field messages', async () => {
    const list = (url: string) => queue.request({ method: 'GET', url, cookie: qAdmin.cookie })
    const status = await list('/api/admin/reports?status=closed')
    expect(status.statusCode).toBe(400)
    expect(status.json().error.fields).toEqual({ status: 'Choose a status' })
    const cursor = await list('/api/admin/reports?cursor=garbage')
    expect(cursor.statusCode).toBe(400)
    expect(cursor.json().error.fields).toEqual({ cursor: 'Invalid cursor' })
  })
})

describe('POST /api/admin/reports/:id/resolve', () => {
  const resolve = (id: string, action: unknown, cookie = admin.cookie) =>
    req('POST', `/api/admin/reports/${id}/resolve`, cookie, { action })

  it('remove deletes the post, closes every open report on it and tells its author', async () => {
    const p = await addPost('published', 'Tides for sale')
    const r1 = (
      await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })
    ).json()
    const r2 = (
      await fileReport(other.cookie, { targetType: 'post', targetId: p.id, reason: 'copyright' })
    ).json()
    const c = await addComment(p.id, other, 'Buy now')
    const onComment = (
      await fileReport(reader.cookie, { targetType: 'comment', targetId: c.id, reason: 'spam' })
    ).json()
    const elsewhere = await addComment((await addPost()).id, other, 'Buy here too')
    const untouched = (
      await fileReport(reader.cookie, { targetType: 'comment', targetId: elsewhere.id, reason: 'spam' })
    ).json()

    const res = await resolve(r1.id, 'remove')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: r1.id,
      status: 'removed',
      resolvedAt: expect.any(String),
      target: null,
    })

    expect(await t.database.db.select().from(post).where(eq(post.id, p.id))).toEqual([])
    // Its comments went with it, and so did the open reports on them.
    for (const id of [r1.id, r2.id, onComment.id]) {
      expect(await reportRow(id)).toMatchObject({ status: 'removed', resolvedBy: admin.id })
    }
    expect(await reportRow(untouched.id)).toMatchObject({ status: 'open', resolvedBy: null })
    const told = (await removalsTold(writer.id)).filter((n) => n.message.includes('Tides for sale'))
    expect(told).toEqual([
      expect.objectContaining({
        message: 'Your post “Tides for sale” was removed after a report',
        link: '/topics',
      }),
    ])
  })

  it('remove deletes a comment and tells its author, linking to the post', async () => {
    const p = await addPost('published', 'Moon and sea')
    const c = await addComment(p.id, other, 'Rude words')
    const r = (
      await fileReport(reader.cookie, { targetType: 'comment', targetId: c.id, reason: 'harassment' })
    ).json()

    const res = await resolve(r.id, 'remove')
    expect(res.statusCode, res.body).toBe(200)
    expect(await t.database.db.select().from(postComment).where(eq(postComment.id, c.id))).toEqual([])
    expect(await t.database.db.select().from(post).where(eq(post.id, p.id))).toHaveLength(1)
    expect(await removalsTold(other.id)).toEqual([
      expect.objectContaining({
        message: 'Your comment on “Moon and sea” was removed after a report',
        link: link(p),
      }),
    ])
  })

  it('does not notify an admin removing their own content', async () => {
    const p = await addPost('published', 'Admin notes', admin)
    const r = (await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })).json()
    expect((await resolve(r.id, 'remove')).statusCode).toBe(200)
    expect((await removalsTold(admin.id)).filter((n) => n.message.includes('Admin notes'))).toEqual([])
  })

  it('dismiss closes only that report and leaves the content', async () => {
    const p = await addPost('published', 'Perfectly fine')
    const r1 = (
      await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })
    ).json()
    const r2 = (await fileReport(other.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })).json()

    const res = await resolve(r1.id, 'dismiss')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: r1.id,
      status: 'dismissed',
      target: { title: 'Perfectly fine', link: link(p) },
    })
    expect(await reportRow(r1.id)).toMatchObject({ status: 'dismissed', resolvedBy: admin.id })
    expect(await reportRow(r2.id)).toMatchObject({ status: 'open', resolvedBy: null })
    expect(await t.database.db.select().from(post).where(eq(post.id, p.id))).toHaveLength(1)

    const dismissed = (await req('GET', '/api/admin/reports?status=dismissed', admin.cookie)).json()
    expect(dismissed.items.map((i: ReportItem) => i.id)).toContain(r1.id)
  })

  it('answers 409 for a report that is no longer open, changing nothing', async () => {
    const p = await addPost()
    const r = (await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })).json()
    expect((await resolve(r.id, 'dismiss')).statusCode).toBe(200)
    const again = await resolve(r.id, 'remove')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('This report was already dismissed')
    expect(await reportRow(r.id)).toMatchObject({ status: 'dismissed' })
    expect(await t.database.db.select().from(post).where(eq(post.id, p.id))).toHaveLength(1)
  })

  it('answers 404 for an unknown report and 400 for a bad action or id', async () => {
    expect((await resolve(randomUUID(), 'dismiss')).statusCode).toBe(404)
    const p = await addPost()
    const r = (await fileReport(reader.cookie, { targetType: 'post', targetId: p.id, reason: 'spam' })).json()
    const bad = await resolve(r.id, 'ban')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ action: 'Choose remove or dismiss' })
    const badId = await resolve('nope', 'dismiss')
    expect(badId.statusCode).toBe(400)
    expect(badId.json().error.fields).toEqual({ id: 'Unknown report' })
    expect(await reportRow(r.id)).toMatchObject({ status: 'open' })
  })
})

describe('POST /api/reports rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('takes 20 reports an hour from one person, then 429; someone else on the same address still can', async () => {
    const author = await createUser(limited, { name: 'Wanjiru Writer' })
    const busy = await createUser(limited, { name: 'Busy Reporter' })
    const calm = await createUser(limited, { name: 'Calm Reader' })
    const p = await addPost('published', 'Waves', author, limited)
    const body = { targetType: 'post', targetId: p.id, reason: 'spam' }
    const file = (by: TestUser) =>
      limited.request({ method: 'POST', url: '/api/reports', cookie: by.cookie, body })
    for (let i = 0; i < 20; i++) expect((await file(busy)).statusCode).toBeLessThan(300)
    const blocked = await file(busy)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    expect((await file(calm)).statusCode).toBe(201)
  })
})
