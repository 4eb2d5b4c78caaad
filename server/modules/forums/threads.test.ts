import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORUM_BODY_MAX_LENGTH, TITLE_MAX_LENGTH } from '#common/constants.ts'
import { forumThread, forumThreadReader } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ForumFixtures, forumFixtures, type Method } from './forums.fixtures.ts'

let t: TestApp
let f: ForumFixtures
let admin: TestUser
let grace: TestUser
let rosa: TestUser
let otto: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = forumFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Hopper' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
  otto = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

const readerRow = async (threadId: string, who: TestUser) =>
  (await t.database.db.select().from(forumThreadReader).where(eq(forumThreadReader.threadId, threadId))).find(
    (r) => r.userId === who.id,
  )

describe('guards', () => {
  const id = randomUUID()
  it.each<[Method, string, unknown]>([
    ['POST', '/api/forum/subjects/physics/threads', { title: 'T', bodyHtml: '<p>B</p>' }],
    ['POST', '/api/forum/subjects/physics/threads', {}],
    ['PATCH', `/api/forum/threads/${id}`, { title: 'T', bodyHtml: '<p>B</p>' }],
    ['DELETE', `/api/forum/threads/${id}`, undefined],
    ['PUT', `/api/forum/threads/${id}/watch`, { watching: false }],
    ['PUT', `/api/forum/threads/${id}/accepted`, { replyId: null }],
    ['POST', `/api/forum/threads/${id}/replies`, { bodyHtml: '<p>B</p>' }],
    ['PATCH', `/api/forum/replies/${id}`, { bodyHtml: '<p>B</p>' }],
    ['DELETE', `/api/forum/replies/${id}`, undefined],
    ['PATCH', `/api/admin/forum/threads/${id}`, { pinned: true }],
  ])('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await f.req(method, url, undefined, body)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it.each<[Method, string, unknown, string]>([
    ['GET', `/api/forum/threads/${id}`, undefined, 'That thread does not exist'],
    ['PATCH', `/api/forum/threads/${id}`, { title: 'T', bodyHtml: '<p>B</p>' }, 'That thread does not exist'],
    ['DELETE', `/api/forum/threads/${id}`, undefined, 'That thread does not exist'],
    ['PUT', `/api/forum/threads/${id}/watch`, { watching: true }, 'That thread does not exist'],
    ['PUT', `/api/forum/threads/${id}/accepted`, { replyId: null }, 'That thread does not exist'],
    ['GET', `/api/forum/threads/${id}/replies`, undefined, 'That thread does not exist'],
    ['POST', `/api/forum/threads/${id}/replies`, { bodyHtml: '<p>B</p>' }, 'That thread does not exist'],
    ['GET', `/api/forum/threads/${id}/stream`, undefined, 'That thread does not exist'],
    ['PATCH', `/api/forum/replies/${id}`, { bodyHtml: '<p>B</p>' }, 'That reply does not exist'],
    ['DELETE', `/api/forum/replies/${id}`, undefined, 'That reply does not exist'],
    ['PATCH', `/api/admin/forum/threads/${id}`, { locked: true }, 'That thread does not exist'],
    ['GET', '/api/forum/subjects/alchemy', undefined, 'That forum does not exist'],
    ['GET', '/api/forum/subjects/alchemy/threads', undefined, 'That forum does not exist'],
    [
      'POST',
      '/api/forum/subjects/alchemy/threads',
      { title: 'T', bodyHtml: '<p>B</p>' },
      'That forum does not exist',
    ],
  ])('%s %s answers 404 for something that does not exist', async (method, url, body, message) => {
    const cookie = url.startsWith('/api/admin') ? admin.cookie : rosa.cookie
    const res = await f.req(method, url, cookie, body)
    expect(res.statusCode, res.body).toBe(404)
    expect(res.json().error.message).toBe(message)
  })

  it('answers 400 for a malformed thread or reply id', async () => {
    expect((await f.req('GET', '/api/forum/threads/not-a-uuid')).statusCode).toBe(400)
    expect((await f.req('DELETE', '/api/forum/replies/not-a-uuid', rosa.cookie)).statusCode).toBe(400)
  })
})

describe('opening a thread', () => {
  it('creates it sanitized, with its author watching and up to date', async () => {
    const before = await f.forum('chemistry')
    const res = await f.req('POST', '/api/forum/subjects/chemistry/threads', grace.cookie, {
      title: '  Why does salt dissolve?  ',
      bodyHtml: '<p onclick="x()">In <strong>water</strong></p><script>alert(1)</script>',
    })
    expect(res.statusCode, res.body).toBe(201)
    const thread = res.json()
    expect(thread).toMatchObject({
      subjectSlug: 'chemistry',
      subject: { slug: 'chemistry', name: 'Chemistry' },
      title: 'Why does salt dissolve?',
      bodyHtml: '<p>In <strong>water</strong></p>',
      author: { id: grace.id, name: 'Grace Hopper', image: null },
      lastReplyBy: null,
      replyCount: 0,
      pinned: false,
      locked: false,
      answered: false,
      readState: 'read',
      newReplies: 0,
      editedAt: null,
      acceptedReply: null,
      watching: true,
      pageCount: 1,
      canEdit: true,
      canDelete: true,
      canReply: true,
      canAccept: true,
      canModerate: false,
    })
    expect(await readerRow(thread.id, grace)).toMatchObject({ lastSeenSeq: 0, watching: true })
    const after = await f.forum('chemistry')
    expect(after.threadCount).toBe(before.threadCount + 1)
    expect(after.lastActivity).toMatchObject({
      threadId: thread.id,
      threadTitle: 'Why does salt dissolve?',
      by: { id: grace.id, name: 'Grace Hopper' },
    })
  })

  it.each([
    ['no title', { bodyHtml: '<p>B</p>' }, { title: 'Give your thread a title' }],
    ['a blank title', { title: '   ', bodyHtml: '<p>B</p>' }, { title: 'Give your thread a title' }],
    [
      'a long title',
      { title: 'x'.repeat(TITLE_MAX_LENGTH + 1), bodyHtml: '<p>B</p>' },
      { title: expect.any(String) },
    ],
    ['no body', { title: 'T' }, { bodyHtml: 'Write something' }],
    [
      'a body too long',
      { title: 'T', bodyHtml: 'x'.repeat(FORUM_BODY_MAX_LENGTH + 1) },
      {
        bodyHtml: `This thread is too long: keep it under ${FORUM_BODY_MAX_LENGTH.toLocaleString('en')} characters (formatting counts; it is 50,001)`,
      },
    ],
    [
      'a body of only markup',
      { title: 'T', bodyHtml: '<p> </p><script>alert(1)</script>' },
      { bodyHtml: 'Write something' },
    ],
  ])('refuses %s with a field message and writes nothing', async (_, body, fields) => {
    const before = await t.database.db.select().from(forumThread)
    const res = await f.req('POST', '/api/forum/subjects/physics/threads', rosa.cookie, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual(fields)
    expect(await t.database.db.select().from(forumThread)).toHaveLength(before.length)
  })

  it('keeps a body that is only an uploaded image', async () => {
    const img = '<p><img src="/api/files/posts/0b6f4c1e-1111-4a2b-9c3d-123456789abc.png" alt="Graph" /></p>'
    const thread = await f.createThread(rosa, { bodyHtml: img })
    expect(thread.bodyHtml).toBe(img)
  })
})

describe('reading a thread', () => {
  it('is public; the viewer’s permissions follow who they are', async () => {
    const thread = await f.createThread(grace, { title: 'Permissions' })
    expect(await f.openThread(thread.id)).toMatchObject({
      readState: null,
      watching: false,
      canEdit: false,
      canDelete: false,
      canReply: false,
      canAccept: false,
      canModerate: false,
    })
    expect(await f.openThread(thread.id, rosa)).toMatchObject({
      readState: 'read',
      watching: false,
      canEdit: false,
      canDelete: false,
      canReply: true,
      canAccept: false,
      canModerate: false,
    })
    expect(await f.openThread(thread.id, admin)).toMatchObject({
      canEdit: false,
      canDelete: true,
      canReply: true,
      canAccept: false,
      canModerate: true,
    })
    // Once someone else replies, the author may no longer delete it; their own replies do not count.
    await f.reply(grace, thread.id)
    expect((await f.openThread(thread.id, grace)).canDelete).toBe(true)
    await f.reply(rosa, thread.id)
    expect((await f.openThread(thread.id, grace)).canDelete).toBe(false)
  })

  it('marks it read up to its latest reply, keeping the reader’s watch choice', async () => {
    const thread = await f.createThread(grace, { title: 'Read marks' })
    await f.openThread(thread.id, rosa)
    expect(await readerRow(thread.id, rosa)).toMatchObject({ lastSeenSeq: 0, watching: null })
    await f.reply(otto, thread.id)
    await f.reply(otto, thread.id)
    await f.req('PUT', `/api/forum/threads/${thread.id}/watch`, rosa.cookie, { watching: false })
    await f.openThread(thread.id, rosa)
    expect(await readerRow(thread.id, rosa)).toMatchObject({ lastSeenSeq: 2, watching: false })
  })
})

describe('editing a thread', () => {
  it('is for its author only, admins included, and writes nothing otherwise', async () => {
    const thread = await f.createThread(grace, { title: 'Original' })
    for (const who of [rosa, admin]) {
      const res = await f.req('PATCH', `/api/forum/threads/${thread.id}`, who.cookie, {
        title: 'Hijacked',
        bodyHtml: '<p>Mine now</p>',
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('Only its author can edit this thread')
    }
    const bad = await f.req('PATCH', `/api/forum/threads/${thread.id}`, grace.cookie, {
      title: '',
      bodyHtml: '<img src="https://x.example/a.png">',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ title: 'Give your thread a title' })
    const empty = await f.req('PATCH', `/api/forum/threads/${thread.id}`, grace.cookie, {
      title: 'Edited',
      bodyHtml: '<img src="https://x.example/a.png">',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({ bodyHtml: 'Write something' })
    expect(await f.threadRow(thread.id)).toMatchObject({ title: 'Original', editedAt: null })

    const res = await f.req('PATCH', `/api/forum/threads/${thread.id}`, grace.cookie, {
      title: 'Edited',
      bodyHtml: '<p>Better <em>now</em></p><iframe src="x"></iframe>',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ title: 'Edited', bodyHtml: '<p>Better <em>now</em></p>' })
    expect(res.json().editedAt).toEqual(expect.any(String))
    expect((await f.openThread(thread.id)).title).toBe('Edited')
  })
})

describe('deleting a thread', () => {
  it('is for its author while nobody else has replied, and for admins always', async () => {
    const lonely = await f.createThread(grace, { subjectSlug: 'biology', title: 'Lonely' })
    await f.reply(grace, lonely.id)
    expect((await f.req('DELETE', `/api/forum/threads/${lonely.id}`, rosa.cookie)).statusCode).toBe(403)
    expect(await f.threadRow(lonely.id)).toBeDefined()
    expect((await f.req('DELETE', `/api/forum/threads/${lonely.id}`, grace.cookie)).statusCode).toBe(204)
    expect(await f.threadRow(lonely.id)).toBeUndefined()
    expect(await f.replyRows(lonely.id)).toHaveLength(0)

    const busy = await f.createThread(grace, { subjectSlug: 'biology', title: 'Busy' })
    await f.reply(rosa, busy.id)
    const refused = await f.req('DELETE', `/api/forum/threads/${busy.id}`, grace.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toMatch(/administrator/)
    expect(await f.threadRow(busy.id)).toBeDefined()
    expect((await f.req('DELETE', `/api/forum/threads/${busy.id}`, admin.cookie)).statusCode).toBe(204)
    expect((await f.req('GET', `/api/forum/threads/${busy.id}`)).statusCode).toBe(404)
    expect(await f.forum('biology')).toMatchObject(await f.countedFromRows('biology'))
  })
})

describe('watching', () => {
  it('keeps the choice and says so', async () => {
    const thread = await f.createThread(grace, { title: 'Watch me' })
    const bad = await f.req('PUT', `/api/forum/threads/${thread.id}/watch`, rosa.cookie, { watching: 'yes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ watching: 'Choose watch or stop watching' })
    expect(await readerRow(thread.id, rosa)).toBeUndefined()

    const on = await f.req('PUT', `/api/forum/threads/${thread.id}/watch`, rosa.cookie, { watching: true })
    expect(on.json()).toEqual({ watching: true })
    expect((await f.openThread(thread.id, rosa)).watching).toBe(true)
    const off = await f.req('PUT', `/api/forum/threads/${thread.id}/watch`, grace.cookie, { watching: false })
    expect(off.json()).toEqual({ watching: false })
    expect((await f.openThread(thread.id, grace)).watching).toBe(false)
  })
})
