import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { subscription } from '#server/db/schema/index.ts'
import { featuredAdminRoutes, feedRoutes } from '#server/modules/posts/feed.routes.ts'
import { postRoutes } from '#server/modules/posts/posts.routes.ts'
import { reactionRoutes } from '#server/modules/posts/reactions.routes.ts'
import { searchRoutes } from '#server/modules/search/search.routes.ts'
import { writerRoutes } from '#server/modules/writers/writers.routes.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { registeredRoutes } from '#server/test/registered-routes.ts'
import { paySubscription, publishedPost, readPost } from './entitlement.fixtures.ts'
import { setPrice } from './payments.fixtures.ts'

// Who reads a subscribers-only body: every route of the posts, search and writers modules is
// walked by each kind of reader, and a marker that only the locked body holds must appear in no
// response to a reader who may not read it (and in the post to each who may, so the walk can fail).

const DAY = 24 * 60 * 60 * 1000
const START = new Date('2026-01-05T10:00:00Z')
const clock = createTestClock(START)
let t: TestApp

/** A word no other field says: letters only, so full-text search sees one token. */
const marker = () => `lockedmarker${randomUUID().replace(/[^a-f]/g, '')}`

interface Writer {
  user: TestUser
  marker: string
  locked: { id: string; slug: string }
  free: { id: string; slug: string }
  /** A comment by the writer on the locked post, for the comment routes. */
  commentId: string
}
let admin: TestUser
const writers = {} as Record<'paid' | 'free' | 'startsCharging', Writer>
interface Reader {
  name: string
  user: TestUser | null
  writer: keyof typeof writers
  entitled: boolean
}
const readers: Reader[] = []

async function writerWith(name: string, price: number): Promise<Writer> {
  const user = await createUser(t, { name })
  await setPrice(t, user, price)
  const secret = marker()
  const locked = await publishedPost(t, admin, user, {
    title: `Subscribers letter from ${name}`,
    excerpt: 'A public teaser',
    bodyHtml: `<p>Only for subscribers: ${secret}.</p>`,
    access: 'subscribers',
    category: 'academic',
    subjectSlug: 'physics',
  })
  // A lesson's Key ideas are read like its body (decision 052): the secret is on a card too.
  const ideas = await t.request({
    method: 'PUT',
    url: `/api/posts/${locked.id}/key-ideas`,
    cookie: user.cookie,
    body: { cards: [{ front: 'What is kept for subscribers?', back: `This: ${secret}` }] },
  })
  expect(ideas.statusCode, ideas.body).toBe(200)
  const free = await publishedPost(t, admin, user, {
    title: `Open letter from ${name}`,
    bodyHtml: '<p>Everyone may read this.</p>',
    access: 'free',
  })
  const comment = await t.request({
    method: 'POST',
    url: `/api/posts/${locked.id}/comments`,
    cookie: user.cookie,
    body: { body: 'Thanks for reading' },
  })
  expect(comment.statusCode, comment.body).toBe(201)
  return { user, marker: secret, locked, free, commentId: comment.json().id }
}

async function follow(reader: TestUser, writer: Writer) {
  await t.database.db
    .insert(subscription)
    .values({ subscriberId: reader.id, writerId: writer.user.id, kind: 'free' })
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writers.paid = await writerWith('Pia Paid', 500)
  writers.free = await writerWith('Fern Free', 0)
  writers.startsCharging = await writerWith('Cal Charging', 0)
  const person = (name: string) => createUser(t, { name })

  // Paid on 5 January: its month has run out by the time of the walk (and the job has not run).
  const expired = await person('Eve Expired')
  await paySubscription(t, expired, writers.paid.user)
  clock.set(new Date(START.getTime() + 40 * DAY))

  const active = await person('Ann Active')
  await paySubscription(t, active, writers.paid.user)
  const cancelled = await person('Cass Cancelled')
  await paySubscription(t, cancelled, writers.paid.user)
  await t.database.db
    .update(subscription)
    .set({ status: 'cancelled', cancelAtPeriodEnd: true })
    .where(eq(subscription.subscriberId, cancelled.id))
  const refunded = await person('Rex Refunded')
  const refundedOrder = await paySubscription(t, refunded, writers.paid.user)
  const refund = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${refundedOrder}/refund`,
    cookie: admin.cookie,
  })
  expect(refund.statusCode, refund.body).toBe(200)
  const follower = await person('Fay Follower')
  await follow(follower, writers.free)
  const formerFollower = await person('Finn Follower')
  await follow(formerFollower, writers.startsCharging)
  await setPrice(t, writers.startsCharging.user, 700)
  const stranger = await person('Sam Stranger')

  readers.push(
    ...(['paid', 'free', 'startsCharging'] as const).flatMap((writer) => [
      { name: 'signed out', user: null, writer, entitled: false },
      { name: 'a non-subscriber', user: stranger, writer, entitled: false },
      { name: 'the author', user: writers[writer].user, writer, entitled: true },
      { name: 'an admin', user: admin, writer, entitled: true },
    ]),
    { name: 'a paid subscriber', user: active, writer: 'paid', entitled: true },
    { name: 'a cancelled subscriber within the period', user: cancelled, writer: 'paid', entitled: true },
    { name: 'a subscriber whose period ran out', user: expired, writer: 'paid', entitled: false },
    { name: 'a refunded (ended) subscriber', user: refunded, writer: 'paid', entitled: false },
    { name: 'a paid subscriber of another writer', user: active, writer: 'free', entitled: false },
    { name: 'a free follower of a free writer', user: follower, writer: 'free', entitled: true },
    {
      name: 'a free follower once the writer charges',
      user: formerFollower,
      writer: 'startsCharging',
      entitled: false,
    },
  )
})
afterAll(() => t.close())

/** Routes that cannot carry another person's post body, and why. */
const NOT_WALKED: Record<string, string> = {
  'POST /api/posts': "answers with the caller's own new post",
}

type Walked = { route: string; status: number; json: unknown }

/**
 * Everything `reader` can ask the posts, search and writers modules about the writer and the
 * locked post. Changes are sent only by readers who may not read the body (each must stay a
 * refusal, so the walk changes nothing); the entitled ask the reads.
 */
async function walk(reader: TestUser | null, w: Writer, readsOnly: boolean): Promise<Walked[]> {
  const { id, slug } = w.locked
  const at = async (route: string, url: string, body?: unknown) => {
    const method = route.split(' ')[0] as 'GET'
    const res = await t.request({ method, url, cookie: reader?.cookie, body })
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500)
    return { route, status: res.statusCode, json: res.body ? res.json() : null }
  }
  const reads = [
    await at('GET /api/posts/by/:writerId/:slug', `/api/posts/by/${w.user.id}/${slug}`),
    await at('GET /api/posts/:id', `/api/posts/${id}`),
    await at('GET /api/me/posts', '/api/me/posts'),
    await at('GET /api/posts', `/api/posts?writer=${w.user.id}`),
    await at('GET /api/posts/popular', '/api/posts/popular'),
    await at('GET /api/posts/:id/around', `/api/posts/${w.free.id}/around`),
    await at('GET /api/posts/:id/comments', `/api/posts/${id}/comments`),
    await at('GET /api/posts/:id/key-ideas', `/api/posts/${id}/key-ideas`),
    await at('POST /api/posts/:id/views', `/api/posts/${id}/views`),
    await at('GET /api/search/posts', `/api/search/posts?q=${w.marker}`),
    await at('GET /api/search/threads', `/api/search/threads?q=${w.marker}`),
    await at('GET /api/writers', '/api/writers'),
    await at('GET /api/writers/:writerId', `/api/writers/${w.user.id}`),
    await at('GET /api/search/writers', `/api/search/writers?q=${encodeURIComponent(w.user.name)}`),
  ]
  // Search by what a locked post shows (its title): found, and quoted from its excerpt only.
  reads.push(await at('GET /api/search/posts', '/api/search/posts?q=subscribers letter'))
  if (readsOnly) return reads
  const changes = [
    await at('PATCH /api/posts/:id', `/api/posts/${id}`, {
      title: 'Taken over',
      category: 'fiction',
      bodyHtml: '<p>x</p>',
    }),
    await at('POST /api/posts/:id/submit', `/api/posts/${id}/submit`),
    await at('PUT /api/posts/:id/key-ideas', `/api/posts/${id}/key-ideas`, {
      cards: [{ front: 'Taken over', back: 'By someone else' }],
    }),
    await at('DELETE /api/posts/:id', `/api/posts/${id}`),
    await at('PUT /api/admin/posts/:id/featured', `/api/admin/posts/${id}/featured`),
    await at('DELETE /api/admin/posts/:id/featured', `/api/admin/posts/${id}/featured`),
    await at('PATCH /api/comments/:id', `/api/comments/${w.commentId}`, { body: 'Edited by someone else' }),
    await at('DELETE /api/comments/:id', `/api/comments/${w.commentId}`),
  ]
  for (const c of changes) expect(c.status, `${c.route} changed something`).toBeGreaterThanOrEqual(400)
  // Reactions do not reveal a body, whoever sends them.
  return [
    ...reads,
    ...changes,
    await at('PUT /api/posts/:id/like', `/api/posts/${id}/like`),
    await at('DELETE /api/posts/:id/like', `/api/posts/${id}/like`),
    await at('POST /api/posts/:id/comments', `/api/posts/${id}/comments`, { body: 'Is it good?' }),
  ]
}

const leaksOf = (walked: Walked[], secret: string) =>
  walked.filter(({ json }) => JSON.stringify(json).includes(secret)).map(({ route }) => route)

describe('who reads a subscribers-only body', () => {
  it('walks every route of the posts, search and writers modules (or says why not)', async () => {
    const w = writers.paid
    const walked = new Set([...(await walk(null, w, false)).map((r) => r.route), ...Object.keys(NOT_WALKED)])
    expect(
      registeredRoutes(
        postRoutes,
        feedRoutes,
        featuredAdminRoutes,
        reactionRoutes,
        searchRoutes,
        writerRoutes,
      ).filter((route) => !walked.has(route)),
    ).toEqual([])
  })

  it('sends the body to those entitled and to no one else, on any route', async () => {
    const outcomes: string[] = []
    for (const reader of readers) {
      const w = writers[reader.writer]
      const walked = await walk(reader.user, w, reader.entitled)
      const leaks = leaksOf(walked, w.marker)
      const post = await readPost(t, reader.user, w.user.id, w.locked.slug)
      outcomes.push(
        `${reader.name} → ${reader.writer}: ${post.locked ? 'locked' : 'reads'}${
          reader.entitled ? '' : ` leaks ${JSON.stringify(leaks)}`
        }`,
      )
      if (reader.entitled) {
        expect(post.bodyHtml, reader.name).toContain(w.marker)
        expect(post.unlock).toBeNull()
      } else {
        expect(post.bodyHtml, reader.name).toBeNull()
        const price = reader.writer === 'paid' ? 500 : reader.writer === 'startsCharging' ? 700 : 0
        expect(post.unlock, reader.name).toEqual({
          kind: price === 0 ? 'free' : 'paid',
          monthlyPrice: price,
          currency: 'USD',
        })
      }
    }
    expect(outcomes).toEqual(
      readers.map(
        (r) => `${r.name} → ${r.writer}: ${r.entitled ? 'reads' : 'locked'}${r.entitled ? '' : ' leaks []'}`,
      ),
    )
  })

  it('finds a locked post by its title, quoting its excerpt, never by its body', async () => {
    const res = await t.request({ method: 'GET', url: `/api/search/posts?q=${writers.paid.marker}` })
    expect(res.json().items).toEqual([])
    const byTitle = await t.request({ method: 'GET', url: '/api/search/posts?q=subscribers letter Pia' })
    const hit = byTitle.json().items.find((h: { id: string }) => h.id === writers.paid.locked.id)
    expect(hit.snippet.map((s: { text: string }) => s.text).join('')).toContain('A public teaser')
  })

  it('ends a follow-only reader’s access the moment the writer charges, and opens it when free again', async () => {
    const w = writers.startsCharging
    const reader = readers.find((r) => r.name === 'a free follower once the writer charges')!.user
    expect((await readPost(t, reader, w.user.id, w.locked.slug)).locked).toBe(true)
    await setPrice(t, w.user, 0)
    expect((await readPost(t, reader, w.user.id, w.locked.slug)).bodyHtml).toContain(w.marker)
    await setPrice(t, w.user, 700)
    const [row] = await t.database.db
      .select({ status: subscription.status })
      .from(subscription)
      .where(and(eq(subscription.subscriberId, reader!.id), eq(subscription.writerId, w.user.id)))
    expect(row.status).toBe('active')
  })
})
