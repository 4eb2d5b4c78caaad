import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import type { ReportItem } from '#common/schemas/reports.ts'
import { forumReply, forumStats, forumThread, notification, report } from '#server/db/schema/index.ts'
import { removeReply } from '#server/modules/forums/removal.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// Reports on forum threads and replies: filing them, the admins' queue, and removal.

let t: TestApp
let admin: TestUser
let asker: TestUser
let helper: TestUser
let reader: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  asker = await createUser(t, { name: 'Amara Asker' })
  helper = await createUser(t, { name: 'Hugo Helper' })
  reader = await createUser(t, { name: 'Rosa Reader' })
})
afterAll(() => t.close())

/** Threads and replies straight in the database: these tests are about reports, not the forum routes. */
async function addThread(title = 'Why is the sky blue?', subjectSlug = 'physics') {
  const [row] = await t.database.db
    .insert(forumThread)
    .values({
      subjectSlug,
      authorId: asker.id,
      title,
      bodyHtml: '<p>My teacher said <strong>Rayleigh</strong> scattering &amp; I am lost.</p>',
    })
    .returning()
  return row
}

async function addReply(threadId: string, bodyHtml = '<p>Buy <em>cheap</em> essays here</p>', by = helper) {
  const [{ position }] = await t.database.db
    .update(forumThread)
    .set({ replySeq: sql`${forumThread.replySeq} + 1` })
    .where(eq(forumThread.id, threadId))
    .returning({ position: forumThread.replySeq })
  const [row] = await t.database.db
    .insert(forumReply)
    .values({ threadId, authorId: by.id, position, bodyHtml })
    .returning()
  return row
}

const fileReport = (by: TestUser, targetType: string, targetId: string, reason = 'spam') =>
  t.request({
    method: 'POST',
    url: '/api/reports',
    cookie: by.cookie,
    body: { targetType, targetId, reason },
  })
const resolve = (id: string, action: 'remove' | 'dismiss') =>
  t.request({
    method: 'POST',
    url: `/api/admin/reports/${id}/resolve`,
    cookie: admin.cookie,
    body: { action },
  })
const reportCount = async () => (await t.database.db.select().from(report)).length
const reportRow = async (id: string) =>
  (await t.database.db.select().from(report).where(eq(report.id, id)))[0]
const removalsTold = async (userId: string) =>
  (await t.database.db.select().from(notification).where(eq(notification.writerId, userId))).filter(
    (n) => n.kind === 'item_removed',
  )
const stats = async (slug: string) =>
  (await t.database.db.select().from(forumStats).where(eq(forumStats.subjectSlug, slug)))[0]

describe('POST /api/reports on forum content', () => {
  it('files a report on a thread and on a reply (201), the same one again is the same report', async () => {
    const thread = await addThread()
    const reply = await addReply(thread.id)
    const onThread = await fileReport(reader, 'thread', thread.id)
    expect(onThread.statusCode, onThread.body).toBe(201)
    expect(await reportRow(onThread.json().id)).toMatchObject({
      reporterId: reader.id,
      targetType: 'thread',
      targetId: thread.id,
      status: 'open',
    })
    const onReply = await fileReport(reader, 'reply', reply.id, 'harassment')
    expect(onReply.statusCode, onReply.body).toBe(201)
    expect(await reportRow(onReply.json().id)).toMatchObject({ targetType: 'reply', targetId: reply.id })
    const again = await fileReport(reader, 'reply', reply.id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(onReply.json())
  })

  it('answers 404 for a missing thread or reply, or a deleted reply, and writes nothing', async () => {
    const thread = await addThread()
    const deleted = await addReply(thread.id)
    await t.database.db.transaction((tx) => removeReply(tx, deleted.id))
    const before = await reportCount()
    for (const [type, id, message] of [
      ['thread', randomUUID(), 'That thread does not exist'],
      ['reply', randomUUID(), 'That reply does not exist'],
      ['reply', deleted.id, 'That reply does not exist'],
      // A thread's id is not a reply's.
      ['reply', thread.id, 'That reply does not exist'],
    ]) {
      const res = await fileReport(reader, type, id)
      expect(res.statusCode, `${type} ${id}`).toBe(404)
      expect(res.json().error.message).toBe(message)
    }
    expect(await reportCount()).toBe(before)
  })

  it('answers 403 for your own thread or reply', async () => {
    const thread = await addThread()
    const reply = await addReply(thread.id)
    const before = await reportCount()
    const own = await fileReport(asker, 'thread', thread.id)
    expect(own.statusCode).toBe(403)
    expect(own.json().error.message).toBe('You cannot report your own thread')
    const ownReply = await fileReport(helper, 'reply', reply.id)
    expect(ownReply.statusCode).toBe(403)
    expect(ownReply.json().error.message).toBe('You cannot report your own reply')
    expect(await reportCount()).toBe(before)
  })
})

describe('the admins’ queue', () => {
  it('shows a thread and a reply with their title, plain text, author and link', async () => {
    const thread = await addThread('Entropy homework', 'chemistry')
    for (let i = 1; i < FORUM_REPLIES_PAGE_SIZE + 2; i++) await addReply(thread.id, '<p>Same.</p>', reader)
    const reply = await addReply(thread.id)
    expect(reply.position).toBe(FORUM_REPLIES_PAGE_SIZE + 2)
    expect((await fileReport(reader, 'thread', thread.id)).statusCode).toBe(201)
    expect((await fileReport(reader, 'reply', reply.id)).statusCode).toBe(201)

    const res = await t.request({ method: 'GET', url: '/api/admin/reports?limit=2', cookie: admin.cookie })
    expect(res.statusCode, res.body).toBe(200)
    const [onReply, onThread] = res.json().items as ReportItem[]
    expect(onReply).toMatchObject({
      targetType: 'reply',
      targetId: reply.id,
      reporter: { id: reader.id, name: 'Rosa Reader', image: null },
      target: {
        title: 'Entropy homework',
        text: 'Buy cheap essays here',
        author: { id: helper.id, name: 'Hugo Helper', image: null },
        link: `/forum/chemistry/${thread.id}?page=2#reply-${reply.id}`,
      },
    })
    expect(onThread).toMatchObject({
      targetType: 'thread',
      targetId: thread.id,
      target: {
        title: 'Entropy homework',
        text: 'My teacher said Rayleigh scattering & I am lost.',
        author: { id: asker.id, name: 'Amara Asker', image: null },
        link: `/forum/chemistry/${thread.id}`,
      },
    })
  })
})

describe('resolving a report on forum content', () => {
  it('remove deletes the thread with its replies, closes the reports on both and tells its author', async () => {
    const thread = await addThread('Homework for sale', 'history')
    const reply = await addReply(thread.id)
    const elsewhere = await addReply((await addThread('Another thread', 'history')).id)
    const before = await stats('history')
    const r1 = (await fileReport(reader, 'thread', thread.id)).json()
    const r2 = (await fileReport(helper, 'thread', thread.id, 'copyright')).json()
    const onReply = (await fileReport(reader, 'reply', reply.id)).json()
    const untouched = (await fileReport(reader, 'reply', elsewhere.id)).json()

    const res = await resolve(r1.id, 'remove')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: r1.id, status: 'removed', target: null })
    expect(await t.database.db.select().from(forumThread).where(eq(forumThread.id, thread.id))).toEqual([])
    expect(await t.database.db.select().from(forumReply).where(eq(forumReply.id, reply.id))).toEqual([])
    for (const id of [r1.id, r2.id, onReply.id]) {
      expect(await reportRow(id)).toMatchObject({ status: 'removed', resolvedBy: admin.id })
    }
    expect(await reportRow(untouched.id)).toMatchObject({ status: 'open', resolvedBy: null })
    expect(await stats('history')).toEqual({
      ...before,
      threadCount: before.threadCount - 1,
      replyCount: before.replyCount - 1,
    })
    expect(await removalsTold(asker.id)).toEqual([
      expect.objectContaining({
        message: 'Your thread “Homework for sale” was removed after a report',
        link: '/forum/history',
      }),
    ])
  })

  it('remove deletes a reply in place, closes its reports and tells its author, linking to the thread', async () => {
    const thread = await addThread('Moon and tides', 'geography')
    const reply = await addReply(thread.id, '<p>Rude words</p>', reader)
    const kept = await addReply(thread.id, '<p>The Moon pulls the sea.</p>')
    await t.database.db
      .update(forumThread)
      .set({ acceptedReplyId: reply.id })
      .where(eq(forumThread.id, thread.id))
    const r = (await fileReport(helper, 'reply', reply.id, 'harassment')).json()

    const res = await resolve(r.id, 'remove')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'removed', target: null })
    const [row] = await t.database.db.select().from(forumReply).where(eq(forumReply.id, reply.id))
    expect(row).toMatchObject({ bodyHtml: '', deletedAt: expect.any(Date), position: reply.position })
    const [after] = await t.database.db.select().from(forumThread).where(eq(forumThread.id, thread.id))
    expect(after).toMatchObject({ replyCount: 1, acceptedReplyId: null })
    expect(await t.database.db.select().from(forumReply).where(eq(forumReply.id, kept.id))).toHaveLength(1)
    expect(await removalsTold(reader.id)).toEqual([
      expect.objectContaining({
        message: 'Your reply in “Moon and tides” was removed after a report',
        link: `/forum/geography/${thread.id}`,
      }),
    ])
    // Gone for reporting too.
    expect((await fileReport(asker, 'reply', reply.id)).statusCode).toBe(404)
  })

  it('dismiss leaves the reply and the thread as they were', async () => {
    const thread = await addThread('Perfectly fine', 'economics')
    const reply = await addReply(thread.id, '<p>A fair point.</p>')
    const r = (await fileReport(reader, 'reply', reply.id)).json()
    const res = await resolve(r.id, 'dismiss')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'dismissed', target: { title: 'Perfectly fine' } })
    const [row] = await t.database.db.select().from(forumReply).where(eq(forumReply.id, reply.id))
    expect(row).toMatchObject({ bodyHtml: '<p>A fair point.</p>', deletedAt: null })
  })

  it('does not notify an admin whose own thread is removed', async () => {
    const [own] = await t.database.db
      .insert(forumThread)
      .values({ subjectSlug: 'general', authorId: admin.id, title: 'Admin notes', bodyHtml: '<p>Hi</p>' })
      .returning()
    const r = (await fileReport(reader, 'thread', own.id)).json()
    expect((await resolve(r.id, 'remove')).statusCode).toBe(200)
    expect(await removalsTold(admin.id)).toEqual([])
  })
})
