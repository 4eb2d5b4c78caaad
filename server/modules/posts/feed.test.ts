import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MORE_FROM_WRITER, POPULAR_LIMIT_MAX, type PostCard } from '#common/schemas/posts.ts'
import { post, postLike, postView } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let reader: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  reader = await createUser(t, { name: 'Rosa Reader' })
})
afterAll(() => t.close())

type Method = 'GET' | 'PUT' | 'DELETE'
const req = (method: Method, url: string, cookie?: string) => t.request({ method, url, cookie })
const db = () => t.database.db

const DAY = 24 * 60 * 60 * 1000
/** Publication times in a fixed past, so the order under test never depends on the clock. */
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY)
/** A UTC calendar day n days before today, as post_view stores it. */
const viewDay = (n: number) => daysAgo(n).toISOString().slice(0, 10)
const LONG_AGO = '2025-01-01'

interface PostFields {
  title?: string
  category?: 'academic' | 'fiction' | 'true-story'
  subjectSlug?: string
  tags?: string[]
  access?: 'free' | 'subscribers'
}

async function draft(by: TestUser, fields: PostFields = {}): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: by.cookie,
    body: { title: 'A post', category: 'fiction', bodyHtml: '<p>The whole body</p>', ...fields },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

async function submitted(by: TestUser, fields: PostFields = {}): Promise<string> {
  const id = await draft(by, fields)
  const res = await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: by.cookie })
  expect(res.statusCode, res.body).toBe(200)
  return id
}

/** Written, submitted and approved; then dated `at`, when given. */
async function published(by: TestUser, fields: PostFields = {}, at?: Date): Promise<string> {
  const id = await submitted(by, fields)
  const res = await t.request({ method: 'POST', url: `/api/admin/posts/${id}/approve`, cookie: admin.cookie })
  expect(res.statusCode, res.body).toBe(200)
  if (at) await db().update(post).set({ publishedAt: at }).where(eq(post.id, id))
  return id
}

async function rejected(by: TestUser, fields: PostFields = {}): Promise<string> {
  const id = await submitted(by, fields)
  const res = await t.request({
    method: 'POST',
    url: `/api/admin/posts/${id}/reject`,
    cookie: admin.cookie,
    body: { reason: 'Not yet' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return id
}

/** `count` views on days long gone: they raise the all-time score, not this week's activity. */
async function oldViews(postId: string, count: number) {
  await db()
    .insert(postView)
    .values(Array.from({ length: count }, (_, i) => ({ postId, viewerKey: `old-${i}`, day: LONG_AGO })))
}

const feed = async (query = '', cookie?: string) => {
  const res = await req('GET', `/api/posts${query}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { items: PostCard[]; nextCursor: string | null }
}
const ids = (cards: { id: string }[]) => cards.map((c) => c.id)

/** Every page of a feed, following nextCursor. */
async function allPages(query: string, limit: number) {
  const items: PostCard[] = []
  let cursor: string | null = null
  do {
    const page = await feed(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return items
}

// Runs first: the later blocks add posts of their own.
describe('GET /api/posts: filters and sorts', () => {
  let ada: TestUser
  let ben: TestUser
  const p = {} as Record<'fic1' | 'fic2' | 'math' | 'subs' | 'story' | 'phys', string>
  let hidden: string[]

  beforeAll(async () => {
    ada = await createUser(t, { name: 'Ada Writer' })
    ben = await createUser(t, { name: 'Ben Writer' })
    p.fic1 = await published(ada, { title: 'Sea fiction', tags: ['sea'] }, day(1))
    p.fic2 = await published(ada, { title: 'Land fiction' }, day(2))
    p.math = await published(
      ada,
      {
        title: 'Proofs by the sea',
        category: 'academic',
        subjectSlug: 'mathematics',
        tags: ['sea', 'proof'],
      },
      day(3),
    )
    p.subs = await published(ada, { title: 'For subscribers', access: 'subscribers' }, day(4))
    p.story = await published(ben, { title: 'What happened', category: 'true-story' }, day(5))
    p.phys = await published(
      ben,
      { title: 'Falling apples', category: 'academic', subjectSlug: 'physics', tags: ['proof'] },
      day(6),
    )
    await oldViews(p.fic1, 3)
    await oldViews(p.math, 10)
    await oldViews(p.story, 10)
    // Unpublished posts, matching every filter, with activity and even a featured_at set behind
    // the service's back: still never in a feed.
    hidden = [
      await draft(ada, { tags: ['sea'] }),
      await submitted(ada, { tags: ['sea'] }),
      await rejected(ada, { tags: ['sea'] }),
    ]
    for (const id of hidden) {
      await oldViews(id, 50)
      await db()
        .update(post)
        .set({ featuredAt: new Date(), publishedAt: day(7) })
        .where(eq(post.id, id))
    }
  })

  it('lists published posts newest first, as cards with author and counts and no body', async () => {
    const page = await feed()
    expect(ids(page.items)).toEqual([p.phys, p.story, p.subs, p.math, p.fic2, p.fic1])
    expect(page.nextCursor).toBeNull()
    for (const card of page.items) expect(card).not.toHaveProperty('bodyHtml')
    expect(page.items[2]).toEqual({
      id: p.subs,
      category: 'fiction',
      subjectSlug: null,
      title: 'For subscribers',
      slug: 'for-subscribers',
      excerpt: '',
      coverImage: null,
      tags: [],
      access: 'subscribers',
      publishedAt: day(4).toISOString(),
      author: { id: ada.id, name: 'Ada Writer', image: null },
      likes: 0,
      comments: 0,
      views: 0,
      featured: false,
    })
    expect(page.items[3]).toMatchObject({ id: p.math, views: 10, subjectSlug: 'mathematics' })
  })

  it.each([
    ['category', '?category=fiction', () => [p.subs, p.fic2, p.fic1]],
    ['subject', '?subject=mathematics', () => [p.math]],
    ['tag', '?tag=sea', () => [p.math, p.fic1]],
    ['tag, written in capitals', '?tag=SEA', () => [p.math, p.fic1]],
    ['writer', () => `?writer=${ben.id}`, () => [p.phys, p.story]],
    ['category and tag together', '?category=academic&tag=proof', () => [p.phys, p.math]],
    ['a subject nobody wrote in', '?subject=history', () => []],
  ])('filters by %s', async (_, query, expected) => {
    const q = typeof query === 'function' ? query() : query
    expect(ids((await feed(q)).items)).toEqual(expected())
  })

  it('sorts by all-time score, ties by id, with the same filters', async () => {
    const [first, second] = [p.math, p.story].sort().reverse()
    expect(ids((await feed('?sort=popular')).items)).toEqual([
      first,
      second,
      p.fic1,
      ...[p.fic2, p.subs, p.phys].sort().reverse(),
    ])
    expect(ids((await feed('?sort=popular&category=fiction')).items)).toEqual([
      p.fic1,
      ...[p.fic2, p.subs].sort().reverse(),
    ])
  })

  it('never shows a draft, pending or rejected post, whatever the sort or filter', async () => {
    for (const query of [
      '',
      '?sort=popular',
      '?sort=featured',
      '?tag=sea',
      '?category=fiction',
      `?writer=${ada.id}`,
      `?writer=${ada.id}&sort=popular`,
      '?category=fiction&sort=popular',
    ]) {
      const shown = ids((await feed(query, admin.cookie)).items)
      for (const id of hidden) expect(shown, query).not.toContain(id)
    }
    // Nor in `around`, even as the neighbours of the writer's own published posts.
    const around = (await req('GET', `/api/posts/${p.subs}/around`, ada.cookie)).json()
    expect(around.next).toBeNull()
    expect(ids(around.moreFromWriter)).toEqual([p.math, p.fic2, p.fic1])
    const popular = (await req('GET', `/api/posts/popular?limit=${POPULAR_LIMIT_MAX}`)).json()
    for (const id of hidden) expect(ids(popular)).not.toContain(id)
  })

  it('answers 400 for a cursor that is not one, or from another sort', async () => {
    const broken = await req('GET', '/api/posts?cursor=not-a-cursor')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().error).toMatchObject({ code: 'bad_request', fields: { cursor: 'Invalid cursor' } })
    const { nextCursor } = await feed('?sort=popular&limit=1')
    const elsewhere = await req('GET', `/api/posts?sort=newest&cursor=${nextCursor}`)
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error.fields).toEqual({ cursor: 'Invalid cursor' })
    const forged = Buffer.from('["n",1,"not-a-uuid"]').toString('base64url')
    expect((await req('GET', `/api/posts?sort=popular&cursor=${forged}`)).statusCode).toBe(400)
  })

  it.each([
    ['sort', '?sort=hottest', 'Choose newest, popular or featured'],
    ['category', '?category=poetry', 'Choose a category'],
    ['limit', '?limit=0', expect.any(String)],
    ['limit', '?limit=500', expect.any(String)],
    ['limit', '?limit=many', expect.any(String)],
    ['tag', `?tag=${'x'.repeat(40)}`, 'Keep each tag under 32 characters'],
  ])('answers 400 with a message on %s for %s', async (field, query, message) => {
    const res = await req('GET', `/api/posts${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'bad_request', fields: { [field]: message } })
  })
})

describe('GET /api/posts: paging', () => {
  let cy: TestUser
  beforeAll(async () => {
    cy = await createUser(t, { name: 'Cy Writer' })
    // Ties on both keys, so pages also break on the id.
    for (let i = 0; i < 7; i++) {
      const id = await published(cy, { title: `Paged ${i}` }, day(i % 3 === 0 ? 10 : 10 + i))
      await oldViews(id, i % 2 ? 4 : 2)
    }
  })

  it.each(['newest', 'popular'])(
    'sorted by %s, pages neither repeat nor skip posts while newer and busier ones arrive',
    async (sort) => {
      const everything = ids((await feed(`?sort=${sort}&limit=50`)).items)
      expect(everything.length).toBeGreaterThan(10)
      const first = await feed(`?sort=${sort}&limit=4`)
      expect(ids(first.items)).toEqual(everything.slice(0, 4))

      // New posts that sort first (newest, or with the most views), and one at the very end.
      const arrivals = [await published(cy, { title: 'Breaking' }), await published(cy, { title: 'Busy' })]
      await oldViews(arrivals[1], 1000)
      arrivals.push(await published(cy, { title: 'Quiet' }, day(-100)))

      const rest: PostCard[] = []
      let cursor = first.nextCursor
      while (cursor) {
        const page = await feed(`?sort=${sort}&limit=4&cursor=${cursor}`)
        rest.push(...page.items)
        cursor = page.nextCursor
      }
      const seen = [...ids(first.items), ...ids(rest)]
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen.filter((id) => !arrivals.includes(id))).toEqual(everything)
    },
  )

  it('reads the same list whatever the page size', async () => {
    const whole = ids((await feed('?sort=popular&limit=50')).items)
    expect(ids(await allPages('sort=popular', 3))).toEqual(whole)
    expect(ids(await allPages('sort=newest', 1))).toEqual(ids((await feed('?limit=50')).items))
  })
})

describe('GET /api/posts/popular', () => {
  let dee: TestUser
  const p = {} as Record<'liked' | 'viewed' | 'twice' | 'ancient' | 'edge' | 'draft', string>
  let likers: TestUser[]

  beforeAll(async () => {
    dee = await createUser(t, { name: 'Dee Writer' })
    likers = [await createUser(t), await createUser(t), await createUser(t)]
    p.liked = await published(dee, { title: 'Liked today' })
    p.viewed = await published(dee, { title: 'Viewed today' })
    p.twice = await published(dee, { title: 'Liked twice this week', category: 'true-story' })
    p.ancient = await published(dee, { title: 'Busy long ago' })
    p.edge = await published(dee, { title: 'Just outside the window' })
    p.draft = await draft(dee, { title: 'A draft with fans' })

    // In the window: a like now (5) on a post that is also the all-time favourite; three views
    // today (3); two likes six days ago (10).
    await db().insert(postLike).values({ postId: p.liked, userId: likers[0].id })
    await oldViews(p.liked, 3000)
    await db()
      .insert(postView)
      .values([0, 1, 2].map((i) => ({ postId: p.viewed, viewerKey: `today-${i}`, day: viewDay(0) })))
    await db()
      .insert(postLike)
      .values(likers.slice(0, 2).map((l) => ({ postId: p.twice, userId: l.id, createdAt: daysAgo(6) })))
    // Outside it: likes and views from long ago, and just past the edge of the window.
    await db()
      .insert(postLike)
      .values(likers.map((l) => ({ postId: p.ancient, userId: l.id, createdAt: daysAgo(30) })))
    await oldViews(p.ancient, 2000)
    await db()
      .insert(postLike)
      .values({ postId: p.edge, userId: likers[0].id, createdAt: daysAgo(8) })
    await db()
      .insert(postView)
      .values({ postId: p.edge, viewerKey: 'edge', day: viewDay(7) })
    // A draft with this week's activity never shows.
    await db().insert(postLike).values({ postId: p.draft, userId: likers[1].id })
  })

  const popular = async (query: string) => {
    const res = await req('GET', `/api/posts/popular${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PostCard[]
  }

  it("ranks this week's likes (5) and views (1), ignoring older activity", async () => {
    expect(ids(await popular('?limit=3'))).toEqual([p.twice, p.liked, p.viewed])
  })

  it('fills up with the all-time most popular, without repeating a post', async () => {
    const cards = await popular('?limit=5')
    // p.liked is also the all-time favourite: it is not listed twice.
    expect(ids(cards)).toEqual([p.twice, p.liked, p.viewed, p.ancient, expect.any(String)])
    expect(new Set(ids(cards)).size).toBe(5)
    expect(ids(cards)).not.toContain(p.draft)
    expect(cards[1]).toMatchObject({ likes: 1, views: 3000, author: { id: dee.id, name: 'Dee Writer' } })
    expect(cards[1]).not.toHaveProperty('bodyHtml')
    expect(await popular('')).toHaveLength(6)
  })

  it('filters by category, filling up within it', async () => {
    const cards = await popular('?category=true-story&limit=4')
    expect(cards[0].id).toBe(p.twice)
    expect(cards.length).toBeGreaterThan(1)
    for (const card of cards) expect(card.category).toBe('true-story')
  })

  it('answers 400 for bad values', async () => {
    for (const [query, field] of [
      [`?limit=${POPULAR_LIMIT_MAX + 1}`, 'limit'],
      ['?limit=0', 'limit'],
      ['?category=poetry', 'category'],
    ]) {
      const res = await req('GET', `/api/posts/popular${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().error.fields)).toEqual([field])
    }
  })
})

describe('GET /api/posts/:id/around', () => {
  let eve: TestUser
  let fay: TestUser
  const p = {} as Record<'old' | 'e0' | 'e1' | 'e2' | 'e3' | 'acad' | 'draft' | 'pending' | 'fays', string>

  beforeAll(async () => {
    eve = await createUser(t, { name: 'Eve Writer' })
    fay = await createUser(t, { name: 'Fay Writer' })
    p.old = await published(eve, { title: 'Oldest', category: 'true-story' }, day(19))
    p.e0 = await published(eve, { title: 'Fiction 0' }, day(20))
    p.e1 = await published(eve, { title: 'Fiction 1' }, day(21))
    p.e2 = await published(eve, { title: 'Fiction 2' }, day(22))
    p.e3 = await published(eve, { title: 'Fiction 3' }, day(23))
    p.acad = await published(
      eve,
      { title: 'Academic', category: 'academic', subjectSlug: 'history' },
      day(24),
    )
    // Another writer's post between them is not a neighbour, nor is a once-published post
    // now back in review, nor a draft.
    p.fays = await published(fay, { title: 'Fay fiction' }, new Date(day(21).getTime() + DAY / 2))
    p.pending = await submitted(eve, { title: 'Back in review' })
    await db()
      .update(post)
      .set({ publishedAt: new Date(day(22).getTime() + DAY / 2) })
      .where(eq(post.id, p.pending))
    p.draft = await draft(eve, { title: 'Unfinished' })
  })

  const around = async (id: string, cookie?: string) => {
    const res = await req('GET', `/api/posts/${id}/around`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { previous: PostCard | null; next: PostCard | null; moreFromWriter: PostCard[] }
  }

  it("gives the writer's previous and next post in the category, and their latest others", async () => {
    const result = await around(p.e2)
    expect(result.previous?.id).toBe(p.e1)
    expect(result.next?.id).toBe(p.e3)
    expect(result.previous).toMatchObject({ title: 'Fiction 1', author: { id: eve.id, name: 'Eve Writer' } })
    expect(result.previous).not.toHaveProperty('bodyHtml')
    expect(ids(result.moreFromWriter)).toEqual([p.acad, p.e3, p.e1, p.e0])
    expect(result.moreFromWriter).toHaveLength(MORE_FROM_WRITER)
  })

  it('has no previous for the first and no next for the last of a category', async () => {
    const first = await around(p.e0)
    expect(first.previous).toBeNull()
    expect(first.next?.id).toBe(p.e1)
    const last = await around(p.e3)
    expect(last.previous?.id).toBe(p.e2)
    expect(last.next).toBeNull()
    const alone = await around(p.acad)
    expect([alone.previous, alone.next]).toEqual([null, null])
    expect(ids(alone.moreFromWriter)).toEqual([p.e3, p.e2, p.e1, p.e0])
  })

  it('is 404 for a post the caller may not read, and found for its author and admins', async () => {
    for (const id of [p.draft, p.pending]) {
      expect((await req('GET', `/api/posts/${id}/around`)).statusCode).toBe(404)
      expect((await req('GET', `/api/posts/${id}/around`, reader.cookie)).statusCode).toBe(404)
    }
    const own = await around(p.draft, eve.cookie)
    expect([own.previous, own.next]).toEqual([null, null])
    expect(ids(own.moreFromWriter)).toEqual([p.acad, p.e3, p.e2, p.e1])
    // A post back in review keeps its place for its author, among published neighbours only.
    const inReview = await around(p.pending, admin.cookie)
    expect([inReview.previous?.id, inReview.next?.id]).toEqual([p.e2, p.e3])
  })

  it('is 404 for an unknown post and 400 for a malformed id', async () => {
    expect((await req('GET', `/api/posts/${randomUUID()}/around`)).statusCode).toBe(404)
    const bad = await req('GET', '/api/posts/not-an-id/around')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ id: 'Unknown post' })
  })
})

describe('PUT/DELETE /api/admin/posts/:id/featured', () => {
  let gus: TestUser
  let target: string
  let other: string
  let unpublished: string
  const url = (id: string) => `/api/admin/posts/${id}/featured`
  const featuredAt = async (id: string) =>
    (await db().select({ at: post.featuredAt }).from(post).where(eq(post.id, id)))[0].at

  beforeAll(async () => {
    gus = await createUser(t, { name: 'Gus Writer' })
    target = await published(gus, { title: 'Pick me' })
    other = await published(gus, { title: 'Pick me too' })
    unpublished = await draft(gus, { title: 'Not ready' })
  })

  it('answers 401 signed out and 403 to anyone but an admin, changing nothing', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await req(method, url(target))).statusCode).toBe(401)
      expect((await req(method, url(target), gus.cookie)).statusCode).toBe(403)
      expect((await req(method, url(target), reader.cookie)).statusCode).toBe(403)
    }
    expect(await featuredAt(target)).toBeNull()
  })

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await req(method, url(randomUUID()), admin.cookie)).statusCode).toBe(404)
      expect((await req(method, url('nope'), admin.cookie)).statusCode).toBe(400)
    }
  })

  it('refuses to feature a post that is not published (409)', async () => {
    const res = await req('PUT', url(unpublished), admin.cookie)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toEqual({
      code: 'conflict',
      message: 'Only a published post can be featured, and this one is still a draft',
    })
    expect(await featuredAt(unpublished)).toBeNull()
  })

  it('features a post, idempotently, and the featured feed lists the newest pick first', async () => {
    const res = await req('PUT', url(target), admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ featured: true })
    const pickedAt = await featuredAt(target)
    expect(pickedAt).toBeInstanceOf(Date)
    const again = await req('PUT', url(target), admin.cookie)
    expect(again.json()).toEqual({ featured: true })
    expect(await featuredAt(target)).toEqual(pickedAt)

    expect(ids((await feed('?sort=featured')).items)).toEqual([target])
    // Picked later, listed first; one page at a time.
    await db().update(post).set({ featuredAt: sql`now() - interval '1 hour'` }).where(eq(post.id, target))
    expect((await req('PUT', url(other), admin.cookie)).statusCode).toBe(200)
    expect(ids(await allPages('sort=featured', 1))).toEqual([other, target])

    const cards = (await feed(`?writer=${gus.id}`)).items
    expect(Object.fromEntries(cards.map((c) => [c.id, c.featured]))).toEqual({
      [target]: true,
      [other]: true,
    })
    const read = await req('GET', `/api/posts/by/${gus.id}/pick-me`)
    expect(read.json().featured).toBe(true)
  })

  it('stops featuring a post, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await req('DELETE', url(target), admin.cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ featured: false })
    }
    expect(await featuredAt(target)).toBeNull()
    expect(ids((await feed('?sort=featured')).items)).toEqual([other])
    expect((await req('GET', `/api/posts/by/${gus.id}/pick-me`)).json().featured).toBe(false)
  })
})
