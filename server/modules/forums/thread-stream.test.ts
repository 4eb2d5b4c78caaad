import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { openSse } from '#server/test/sse.ts'
import { type ForumFixtures, forumFixtures } from './forums.fixtures.ts'

let t: TestApp
let f: ForumFixtures
let base: string
let admin: TestUser
let grace: TestUser
let rosa: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = forumFixtures(t)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t, { role: 'admin' })
  grace = await createUser(t, { name: 'Grace Hopper' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
})
afterAll(() => t.close())

const connections = () => t.app.ctx.hub.connectionCount()

describe('the live thread', () => {
  it('tells everyone reading it, signed in or not, each time it changes, and only then', async () => {
    const thread = await f.createThread(grace, { title: 'Live' })
    const elsewhere = await f.createThread(grace, { title: 'Elsewhere' })
    const watcher = await openSse(`${base}/api/forum/threads/${thread.id}/stream`)
    try {
      expect(watcher.status).toBe(200)
      expect(watcher.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      const reply = await f.reply(rosa, thread.id)
      expect((await watcher.next()).event).toBe('changed')
      // Another thread's reply, or a refused one, is not this thread's news.
      await f.reply(rosa, elsewhere.id)
      expect(
        (await f.req('POST', `/api/forum/threads/${thread.id}/replies`, rosa.cookie, {})).statusCode,
      ).toBe(400)
      await watcher.expectQuiet(300)

      const changes: Array<() => Promise<unknown>> = [
        () => f.req('PATCH', `/api/forum/replies/${reply.id}`, rosa.cookie, { bodyHtml: '<p>Edited</p>' }),
        () => f.req('PUT', `/api/forum/threads/${thread.id}/accepted`, grace.cookie, { replyId: reply.id }),
        () =>
          f.req('PATCH', `/api/forum/threads/${thread.id}`, grace.cookie, {
            title: 'Live!',
            bodyHtml: '<p>B</p>',
          }),
        () => f.moderate(admin, thread.id, { locked: true }),
        () => f.req('DELETE', `/api/forum/replies/${reply.id}`, rosa.cookie),
      ]
      for (const change of changes) {
        await change()
        expect((await watcher.next()).event).toBe('changed')
      }
    } finally {
      watcher.close()
    }
    await vi.waitFor(() => expect(connections()).toBe(0))
  })

  it('is a 404 for a thread that does not exist, before any stream opens', async () => {
    const res = await f.req('GET', `/api/forum/threads/${randomUUID()}/stream`)
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('That thread does not exist')
    expect((await f.req('GET', '/api/forum/threads/not-a-uuid/stream')).statusCode).toBe(400)
    expect(connections()).toBe(0)
  })
})
