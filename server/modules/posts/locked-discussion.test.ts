import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postComment } from '#server/db/schema/index.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// The comments of a subscribers-only post discuss and quote its body: they are for those who may
// read it (the author, admins, the writer's subscribers), on the list and on a new comment.

let t: TestApp
let writer: TestUser
let admin: TestUser
let subscriber: TestUser
let outsider: TestUser
let locked: { id: string }
let open: { id: string }

const comments = (postId: string, who: TestUser | null) =>
  t.request({ method: 'GET', url: `/api/posts/${postId}/comments`, cookie: who?.cookie })
const comment = (postId: string, who: TestUser, body: string) =>
  t.request({ method: 'POST', url: `/api/posts/${postId}/comments`, cookie: who.cookie, body: { body } })
const commentCount = async (postId: string) =>
  (await t.database.db.select({ n: count() }).from(postComment).where(eq(postComment.postId, postId)))[0].n

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  subscriber = await createUser(t, { name: 'Sam Subscriber' })
  outsider = await createUser(t, { name: 'Olly Outsider' })
  await setPrice(t, writer, 500)
  locked = await publishedPost(t, admin, writer, {
    title: 'For subscribers',
    bodyHtml: '<p>The paid chapter.</p>',
    access: 'subscribers',
  })
  open = await publishedPost(t, admin, writer, {
    title: 'For everyone',
    bodyHtml: '<p>Free.</p>',
    access: 'free',
  })
  await paySubscription(t, subscriber, writer)
}, 60_000)
afterAll(() => t.close())

describe('the discussion of a subscribers-only post', () => {
  it('is closed to the signed-out and to readers who do not subscribe, and nothing is written', async () => {
    for (const who of [null, outsider]) {
      const res = await comments(locked.id, who)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('The discussion of this post is for its subscribers')
    }
    const refused = await comment(locked.id, outsider, 'Let me in')
    expect(refused.statusCode).toBe(403)
    expect(await commentCount(locked.id)).toBe(0)
  })

  it('is open to a subscriber, the author and an admin', async () => {
    expect((await comment(locked.id, subscriber, 'Worth every cent')).statusCode).toBe(201)
    for (const who of [subscriber, writer, admin]) {
      const res = await comments(locked.id, who)
      expect(res.statusCode).toBe(200)
      expect(res.json().items.map((c: { body: string }) => c.body)).toEqual(['Worth every cent'])
    }
  })

  it('leaves a free post’s discussion open to everyone', async () => {
    expect((await comments(open.id, null)).statusCode).toBe(200)
    expect((await comment(open.id, outsider, 'Nice one')).statusCode).toBe(201)
  })
})
