import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORUM_REPLY_RATE_LIMIT, FORUM_THREAD_RATE_LIMIT } from '#common/constants.ts'
import { forumReply, forumThread, requestCounter } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { expectInertHtml, XSS_PAYLOADS } from '#server/test/xss-corpus.ts'
import { forumFixtures } from './forums.fixtures.ts'

// What no one may write into a forum: script (the posts' XSS corpus, through the forum routes),
// and more threads or replies than the limits allow.

describe('the XSS corpus', () => {
  let t: TestApp
  let writer: TestUser
  let threadId: string
  beforeAll(async () => {
    t = await buildTestApp()
    writer = await createUser(t, { name: 'Mallory' })
    threadId = (await forumFixtures(t).createThread(writer, { title: 'Payloads' })).id
  })
  afterAll(() => t.close())

  it.each(XSS_PAYLOADS.map((p) => [p]))('%s is stored inert, in a thread and in a reply', async (payload) => {
    const bodyHtml = `<p>Keep me</p>${payload}`
    const thread = await t.request({
      method: 'POST',
      url: '/api/forum/subjects/physics/threads',
      cookie: writer.cookie,
      body: { title: 'XSS', bodyHtml },
    })
    expect(thread.statusCode, thread.body).toBe(201)
    const [threadRow] = await t.database.db
      .select()
      .from(forumThread)
      .where(eq(forumThread.id, thread.json().id))
    expectInertHtml(threadRow.bodyHtml)
    expect(thread.json().bodyHtml).toBe(threadRow.bodyHtml)

    const reply = await t.request({
      method: 'POST',
      url: `/api/forum/threads/${threadId}/replies`,
      cookie: writer.cookie,
      body: { bodyHtml },
    })
    expect(reply.statusCode, reply.body).toBe(201)
    const [replyRow] = await t.database.db.select().from(forumReply).where(eq(forumReply.id, reply.json().id))
    expectInertHtml(replyRow.bodyHtml)
    expect(reply.json().bodyHtml).toBe(replyRow.bodyHtml)
  })
})

describe('rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it(`accepts ${FORUM_REPLY_RATE_LIMIT.max} replies a minute from one person, then answers 429 and writes nothing`, async () => {
    const f = forumFixtures(limited)
    const author = await createUser(limited, { name: 'Author' })
    const chatty = await createUser(limited, { name: 'Chatty' })
    const calm = await createUser(limited, { name: 'Calm' })
    const thread = await f.createThread(author, { title: 'Busy' })
    const send = (who: TestUser) =>
      limited.request({
        method: 'POST',
        url: `/api/forum/threads/${thread.id}/replies`,
        cookie: who.cookie,
        body: { bodyHtml: '<p>Hi</p>' },
      })

    for (let i = 0; i < FORUM_REPLY_RATE_LIMIT.max; i++) expect((await send(chatty)).statusCode).toBe(201)
    const blocked = await send(chatty)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(FORUM_REPLY_RATE_LIMIT.windowSeconds)
    expect(await f.replyRows(thread.id)).toHaveLength(FORUM_REPLY_RATE_LIMIT.max)
    expect(await f.threadRow(thread.id)).toMatchObject({ replySeq: FORUM_REPLY_RATE_LIMIT.max })

    // Counted per person, not per address.
    expect((await send(calm)).statusCode).toBe(201)
    const keys = (await limited.database.db.select().from(requestCounter)).map((c) => c.key)
    expect(keys).toContain(`POST/api/forum/threads/:id/replies:user:${chatty.id}`)
  })

  it(`accepts ${FORUM_THREAD_RATE_LIMIT.max} threads in ${FORUM_THREAD_RATE_LIMIT.windowSeconds / 60} minutes from one person, then 429`, async () => {
    const f = forumFixtures(limited)
    const eager = await createUser(limited, { name: 'Eager' })
    for (let i = 0; i < FORUM_THREAD_RATE_LIMIT.max; i++)
      await f.createThread(eager, { title: `Thread ${i}` })
    const blocked = await f.req('POST', '/api/forum/subjects/physics/threads', eager.cookie, {
      title: 'One more',
      bodyHtml: '<p>B</p>',
    })
    expect(blocked.statusCode).toBe(429)
    const mine = await limited.database.db
      .select()
      .from(forumThread)
      .where(eq(forumThread.authorId, eager.id))
    expect(mine).toHaveLength(FORUM_THREAD_RATE_LIMIT.max)
  })
})
