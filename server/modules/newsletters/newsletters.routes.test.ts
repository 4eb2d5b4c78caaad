import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscription, user } from '#server/db/schema/index.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { createWriter } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { emailNewPostsOf, followWriter, jobRunner, oneClick as oneClickPost } from './newsletters.fixtures.ts'
import { signLinkToken } from './tokens.ts'

// The newsletter routes: a reader's settings, a mail's signed link, a writer's per-post counts.

let t: TestApp
let admin: TestUser
let writer: TestUser
let other: TestUser
let reader: TestUser
let stranger: TestUser
let postId: string

const tokenFor = (readerId: string, writerId: string, email: string, post: string | null = null) =>
  signLinkToken(t.config.authSecret, { to: { kind: 'reader', id: readerId }, writerId, postId: post }, email)

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createWriter(t, 'Wynn Writer')
  other = await createWriter(t, 'Otto Other')
  reader = await createUser(t, { name: 'Rita Reader' })
  stranger = await createUser(t, { name: 'Stan Stranger' })
  await followWriter(t, reader, writer)
  await followWriter(t, reader, other)
  await followWriter(t, stranger, other)
  ;({ id: postId } = await publishedPost(t, admin, writer, {
    title: 'Counted',
    access: 'free',
    bodyHtml: '<p>Hi</p>',
  }))
  await jobRunner(t).drain()
})
afterAll(async () => {
  await t.close()
})

describe('GET and PATCH /api/me/newsletters', () => {
  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/me/newsletters' })).statusCode).toBe(401)
    const res = await t.request({ method: 'PATCH', url: '/api/me/newsletters', body: { newsletters: false } })
    expect(res.statusCode).toBe(401)
  })

  it('lists each writer followed and the global switch', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me/newsletters', cookie: reader.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      newsletters: true,
      digest: false,
      bounce: null,
      writers: [
        { writerId: other.id, name: 'Otto Other', image: null, emailNewPosts: true },
        { writerId: writer.id, name: 'Wynn Writer', image: null, emailNewPosts: true },
      ],
    })
  })

  it('refuses a body that says nothing, with a message, and changes nothing', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/me/newsletters',
      cookie: reader.cookie,
      body: {},
    })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json().error)).toContain('Say what to change')
    const wrong = await t.request({
      method: 'PATCH',
      url: '/api/me/newsletters',
      cookie: reader.cookie,
      body: { newsletters: 'no' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.fields.newsletters).toBeDefined()
    const [me] = await t.database.db.select().from(user).where(eq(user.id, reader.id))
    expect(me.newsletters).toBe(true)
  })

  it('turns every newsletter off and on; trying a bounced address again clears the bounce', async () => {
    const off = await t.request({
      method: 'PATCH',
      url: '/api/me/newsletters',
      cookie: reader.cookie,
      body: { newsletters: false },
    })
    expect(off.json().newsletters).toBe(false)
    await t.database.db
      .update(user)
      .set({ emailBouncedAt: new Date(), emailBounceReason: '550 no such mailbox' })
      .where(eq(user.id, reader.id))
    const bounced = await t.request({ method: 'GET', url: '/api/me/newsletters', cookie: reader.cookie })
    expect(bounced.json().bounce.reason).toBe('550 no such mailbox')
    const res = await t.request({
      method: 'PATCH',
      url: '/api/me/newsletters',
      cookie: reader.cookie,
      body: { newsletters: true, retryBouncedAddress: true },
    })
    expect(res.json()).toMatchObject({ newsletters: true, bounce: null })
  })
})

describe('PUT /api/me/newsletters/writers/:writerId', () => {
  const put = (who: TestUser | null, writerId: string, body: unknown) =>
    t.request({ method: 'PUT', url: `/api/me/newsletters/writers/${writerId}`, cookie: who?.cookie, body })

  it('needs a session', async () => {
    expect((await put(null, writer.id, { emailNewPosts: false })).statusCode).toBe(401)
  })

  it('is 404 for a writer the reader does not follow, and changes nothing', async () => {
    const res = await put(stranger, writer.id, { emailNewPosts: false })
    expect(res.statusCode).toBe(404)
    expect(await emailNewPostsOf(t, stranger, writer)).toBeUndefined()
  })

  it('is 400 on a bad body or id', async () => {
    const res = await put(reader, writer.id, { emailNewPosts: 'off' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.emailNewPosts).toBeDefined()
    expect((await put(reader, 'nope', { emailNewPosts: false })).statusCode).toBe(400)
    expect(await emailNewPostsOf(t, reader, writer)).toBe(true)
  })

  it("changes that one writer's mail only", async () => {
    const res = await put(reader, other.id, { emailNewPosts: false })
    expect(res.statusCode).toBe(200)
    expect(res.json().writers.find((w: { writerId: string }) => w.writerId === other.id).emailNewPosts).toBe(
      false,
    )
    expect(await emailNewPostsOf(t, reader, other)).toBe(false)
    expect(await emailNewPostsOf(t, reader, writer)).toBe(true)
    expect(await emailNewPostsOf(t, stranger, other)).toBe(true)
    await put(reader, other.id, { emailNewPosts: true })
  })
})

describe('the signed link: GET and PUT /api/newsletters/link, POST /unsubscribe', () => {
  const read = (token: string) =>
    t.request({ method: 'GET', url: `/api/newsletters/link?token=${encodeURIComponent(token)}` })
  const oneClick = (token: string) => oneClickPost(t, token)

  it('reads the state with no session, the address partly hidden', async () => {
    const res = await read(tokenFor(reader.id, writer.id, reader.email, postId))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      writer: { id: writer.id, name: 'Wynn Writer' },
      email: `${reader.email[0]}•••@example.com`,
      emailNewPosts: true,
      imported: false,
    })
  })

  it('works for its own reader and writer only: every other token is the same 404', async () => {
    const forged = [
      tokenFor(reader.id, writer.id, stranger.email),
      tokenFor(stranger.id, writer.id, reader.email),
      `${stranger.id}.${writer.id}..${tokenFor(reader.id, writer.id, reader.email).split('.')[3]}`,
      `${reader.id}.${other.id}..${tokenFor(reader.id, writer.id, reader.email).split('.')[3]}`,
      signLinkToken(
        'another secret that is long enough',
        { to: { kind: 'reader', id: reader.id }, writerId: writer.id, postId: null },
        reader.email,
      ),
      'nonsense',
      tokenFor(stranger.id, writer.id, stranger.email),
    ]
    for (const token of forged) {
      const res = await read(token)
      expect(res.statusCode, token).toBe(404)
      expect(res.json().error.message).toBe('This link is not valid any more')
      expect((await oneClick(token)).statusCode, token).toBe(404)
    }
    expect(await emailNewPostsOf(t, reader, writer)).toBe(true)
    expect(await emailNewPostsOf(t, stranger, other)).toBe(true)
  })

  it('stops working when the reader changes address', async () => {
    const token = tokenFor(stranger.id, other.id, stranger.email)
    expect((await read(token)).statusCode).toBe(200)
    await t.database.db.update(user).set({ email: 'stan.new@example.com' }).where(eq(user.id, stranger.id))
    expect((await read(token)).statusCode).toBe(404)
    await t.database.db.update(user).set({ email: stranger.email }).where(eq(user.id, stranger.id))
  })

  it('is 400 without a token, and PUT is 400 on a bad body', async () => {
    expect((await t.request({ method: 'GET', url: '/api/newsletters/link' })).statusCode).toBe(400)
    const res = await t.request({ method: 'PUT', url: '/api/newsletters/link', body: { token: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.emailNewPosts).toBeDefined()
  })

  it('PUT unsubscribes and undoes, counting the unsubscribe on the post it came with', async () => {
    const token = tokenFor(reader.id, writer.id, reader.email, postId)
    const off = await t.request({
      method: 'PUT',
      url: '/api/newsletters/link',
      body: { token, emailNewPosts: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json().emailNewPosts).toBe(false)
    const stats = await t.request({
      method: 'GET',
      url: `/api/me/newsletters/stats?postIds=${postId}`,
      cookie: writer.cookie,
    })
    expect(stats.json()).toEqual([{ postId, recipients: 1, sent: 1, failed: 0, bounced: 0, unsubscribes: 1 }])
    const on = await t.request({
      method: 'PUT',
      url: '/api/newsletters/link',
      body: { token, emailNewPosts: true },
    })
    expect(on.json().emailNewPosts).toBe(true)
    const after = await t.request({
      method: 'GET',
      url: `/api/me/newsletters/stats?postIds=${postId}`,
      cookie: writer.cookie,
    })
    expect(after.json()[0].unsubscribes).toBe(0)
  })

  it('one-click POST with no cookie and no Origin unsubscribes at once (plain text answer)', async () => {
    const res = await oneClick(tokenFor(reader.id, writer.id, reader.email))
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('Unsubscribed.\n')
    expect(await emailNewPostsOf(t, reader, writer)).toBe(false)
    expect(await emailNewPostsOf(t, reader, other)).toBe(true)
    // Twice is fine: the same answer.
    expect((await oneClick(tokenFor(reader.id, writer.id, reader.email))).statusCode).toBe(200)
  })

  it('a link to an ended subscription is a 404', async () => {
    await t.database.db
      .update(subscription)
      .set({ status: 'ended' })
      .where(eq(subscription.subscriberId, stranger.id))
    expect((await read(tokenFor(stranger.id, other.id, stranger.email))).statusCode).toBe(404)
  })
})

describe('GET /api/me/newsletters/stats', () => {
  it('needs a session', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/api/me/newsletters/stats?postIds=${postId}` })).statusCode,
    ).toBe(401)
  })

  it("answers nothing about another writer's post", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/me/newsletters/stats?postIds=${postId}`,
      cookie: other.cookie,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('is 400 on ids that are not post ids', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/me/newsletters/stats?postIds=1,2',
      cookie: writer.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toBeDefined()
  })

  it("counts the writer's own post", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/me/newsletters/stats?postIds=${postId}`,
      cookie: writer.cookie,
    })
    expect(res.json()).toEqual([{ postId, recipients: 1, sent: 1, failed: 0, bounced: 0, unsubscribes: 0 }])
  })
})

describe('the overview’s newsletters (GET /api/me/overview)', () => {
  it('lists the writer’s post mailed in the period with its figures, and none of it to another writer', async () => {
    const mine = await t.request({ method: 'GET', url: '/api/me/overview?days=7', cookie: writer.cookie })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().newsletters).toEqual([
      expect.objectContaining({
        postId,
        title: 'Counted',
        recipients: 1,
        sent: 1,
        failed: 0,
        bounced: 0,
        unsubscribes: 0,
      }),
    ])
    expect(mine.json().newsletters[0].path).toMatch(new RegExp(`^/learn/${writer.id}/`))
    const theirs = await t.request({ method: 'GET', url: '/api/me/overview?days=7', cookie: other.cookie })
    expect(theirs.json().newsletters).toEqual([])
  })
})
