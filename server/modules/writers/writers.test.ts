import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostStatus } from '#common/schemas/posts.ts'
import type { WriterHit } from '#common/schemas/search.ts'
import type { WriterCard } from '#common/schemas/writers.ts'
import { post, postComment, postLike, postView, profile, user } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { toSnippet } from './writers.service.ts'

let t: TestApp
let grace: TestUser
let alan: TestUser
let pat: TestUser
let reader: TestUser
let pendingOnly: TestUser
let banned: TestUser
let ada: TestUser
let graceFirst: string

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })

async function setProfile(u: TestUser, fields: Partial<typeof profile.$inferInsert>) {
  await t.database.db.update(profile).set(fields).where(eq(profile.userId, u.id))
}

async function addPost(author: TestUser, status: PostStatus = 'published') {
  const [row] = await t.database.db
    .insert(post)
    .values({
      authorId: author.id,
      category: 'fiction',
      title: `A post ${randomUUID().slice(0, 6)}`,
      slug: randomUUID(),
      status,
      publishedAt: status === 'published' ? new Date() : null,
    })
    .returning()
  return row.id
}

/** Likes, comments and views through their own tables: the triggers keep the post's counters. */
async function react(postId: string, from: TestUser[], { comments = 0, views = 0 } = {}) {
  const db = t.database.db
  for (const u of from) await db.insert(postLike).values({ postId, userId: u.id })
  for (let i = 0; i < comments; i++)
    await db.insert(postComment).values({ postId, authorId: from[0].id, body: 'Nice' })
  for (let i = 0; i < views; i++)
    await db.insert(postView).values({ postId, viewerKey: `v${i}`, day: '2026-11-20' })
}

beforeAll(async () => {
  t = await buildTestApp()
  grace = await createUser(t, { name: 'Grace Okafor' })
  alan = await createUser(t, { name: 'alan stephens' })
  pat = await createUser(t, { name: 'Physics Pat' })
  reader = await createUser(t, { name: 'Rosa Reader' })
  pendingOnly = await createUser(t, { name: 'Penny Pending' })
  banned = await createUser(t, { name: 'Barry Banned' })
  ada = await createUser(t, { name: 'Ada Admin', role: 'admin' })

  await setProfile(grace, {
    bio: 'Physics teacher in Lagos. Short lessons on mechanics and waves.',
    links: ['https://grace.example.com'],
  })
  graceFirst = await addPost(grace)
  const graceSecond = await addPost(grace)
  const graceDraft = await addPost(grace, 'draft')
  await react(graceFirst, [alan, reader], { comments: 2, views: 5 })
  await react(graceSecond, [reader], { views: 1 })
  // Counters on an unpublished post count for nothing.
  await react(graceDraft, [alan, pat], { comments: 1, views: 3 })

  await setProfile(alan, { intent: 'write', bio: 'I write about chess and the history of openings.' })
  await addPost(alan)
  await setProfile(pat, { intent: 'both', bio: 'Puzzles, mostly.' })
  await addPost(pat)
  // Says they write, and has published nothing (an admin, as in the demo): not a writer yet.
  await setProfile(ada, { intent: 'both', bio: 'Keeps Inkwell tidy, and reads physics.' })
  await setProfile(reader, { intent: 'read', bio: 'Physics fan, reading every night.' })
  await addPost(pendingOnly, 'pending')
  await setProfile(pendingOnly, { bio: 'Physics notes coming soon.' })
  await setProfile(banned, { intent: 'write', bio: 'Physics spam.' })
  await addPost(banned)
  await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id))
})
afterAll(() => t.close())

const names = (items: { name: string }[]) => items.map((w) => w.name)

/** Every page of a list, following nextCursor. */
async function allPages<T>(url: string, limit: number): Promise<T[][]> {
  const pages: T[][] = []
  let cursor: string | null = null
  do {
    const sep = url.includes('?') ? '&' : '?'
    const res = await get(
      `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { items: T[]; nextCursor: string | null }
    pages.push(body.items)
    cursor = body.nextCursor
  } while (cursor && pages.length < 20)
  return pages
}

describe('GET /api/writers', () => {
  it('lists writers by name, case-insensitively, with their published totals (signed out too)', async () => {
    const res = await get('/api/writers')
    expect(res.statusCode).toBe(200)
    const body = res.json() as { items: WriterCard[]; nextCursor: string | null }
    // Not listed: a reader, someone with only a pending post, someone who says they write but has
    // published nothing, a suspended writer.
    expect(names(body.items)).toEqual(['alan stephens', 'Grace Okafor', 'Physics Pat'])
    expect(body.nextCursor).toBeNull()
    expect(body.items[1]).toEqual({
      id: grace.id,
      name: 'Grace Okafor',
      image: null,
      bio: 'Physics teacher in Lagos. Short lessons on mechanics and waves.',
      posts: 2,
      likes: 3,
    })
    expect(body.items[0]).toMatchObject({ posts: 1, likes: 0 })
  })

  it('lists only people who have published, whatever they say they do', async () => {
    const res = await get('/api/writers?q=ada', ada.cookie)
    expect(names(res.json().items)).toEqual([])
    // Publishing puts them in; the post going back to draft takes them out again.
    const postId = await addPost(ada)
    expect(names((await get('/api/writers?q=ada')).json().items)).toEqual(['Ada Admin'])
    await t.database.db.update(post).set({ status: 'draft', publishedAt: null }).where(eq(post.id, postId))
    expect(names((await get('/api/writers?q=ada')).json().items)).toEqual([])
  })

  it('pages through by name without repeats or gaps', async () => {
    const pages = await allPages<WriterCard>('/api/writers', 1)
    expect(pages.map(names)).toEqual([['alan stephens'], ['Grace Okafor'], ['Physics Pat']])
    const two = await allPages<WriterCard>('/api/writers', 2)
    expect(two.map(names)).toEqual([['alan stephens', 'Grace Okafor'], ['Physics Pat']])
  })

  it('filters by a piece of the name or the bio, and pages the filtered list', async () => {
    const byName = await get('/api/writers?q=OKAF')
    expect(names(byName.json().items)).toEqual(['Grace Okafor'])
    const byBio = await get('/api/writers?q=physics')
    expect(names(byBio.json().items)).toEqual(['Grace Okafor', 'Physics Pat'])
    const pages = await allPages<WriterCard>('/api/writers?q=physics', 1)
    expect(pages.map(names)).toEqual([['Grace Okafor'], ['Physics Pat']])
  })

  it('pages past a long name in any script', async () => {
    const name = `b${'🦉'.repeat(39)}`
    const long = await createUser(t, { name })
    const postId = await addPost(long)
    // The first page ends on the long name: the cursor carries it.
    const pages = await allPages<WriterCard>('/api/writers', 2)
    expect(pages.map(names)).toEqual([
      ['alan stephens', name],
      ['Grace Okafor', 'Physics Pat'],
    ])
    await t.database.db.delete(post).where(eq(post.id, postId))
  })

  it('takes LIKE wildcards in q literally', async () => {
    expect((await get('/api/writers?q=%25')).json().items).toEqual([])
    expect((await get('/api/writers?q=_')).json().items).toEqual([])
  })

  it('answers 400 for a bad page size or cursor', async () => {
    const limit = await get('/api/writers?limit=0')
    expect(limit.statusCode).toBe(400)
    expect(limit.json().error.fields).toHaveProperty('limit')
    const cursor = await get('/api/writers?cursor=nonsense')
    expect(cursor.statusCode).toBe(400)
    expect(cursor.json().error.fields).toEqual({ cursor: 'Invalid cursor' })
    const wrongShape = Buffer.from(JSON.stringify([1, 2])).toString('base64url')
    expect((await get(`/api/writers?cursor=${wrongShape}`)).statusCode).toBe(400)
  })
})

describe('GET /api/writers/:writerId', () => {
  it('answers the header of a writer page, with totals over published posts only', async () => {
    const res = await get(`/api/writers/${grace.id}`)
    expect(res.statusCode).toBe(200)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, grace.id))
    expect(res.json()).toEqual({
      id: grace.id,
      name: 'Grace Okafor',
      image: null,
      bio: 'Physics teacher in Lagos. Short lessons on mechanics and waves.',
      posts: 2,
      likes: 3,
      views: 6,
      comments: 2,
      links: ['https://grace.example.com'],
      joinedAt: row.createdAt.toISOString(),
      monthlyPrice: 0,
      viewerSubscription: null,
    })
  })

  it('follows the counters as readers react', async () => {
    await react(graceFirst, [pat], { comments: 1 })
    const res = await get(`/api/writers/${grace.id}`)
    expect(res.json()).toMatchObject({ likes: 4, comments: 3 })
    await t.database.db.delete(postLike).where(eq(postLike.userId, pat.id))
    await t.database.db.delete(postComment).where(eq(postComment.authorId, pat.id))
  })

  it('answers someone who has published nothing their own page, empty, and no one else', async () => {
    for (const person of [reader, pendingOnly, ada]) {
      const own = await get(`/api/writers/${person.id}`, person.cookie)
      expect(own.statusCode, person.name).toBe(200)
      expect(own.json()).toMatchObject({
        id: person.id,
        name: person.name,
        posts: 0,
        likes: 0,
        views: 0,
        comments: 0,
        viewerSubscription: null,
      })
      for (const cookie of [undefined, grace.cookie]) {
        const res = await get(`/api/writers/${person.id}`, cookie)
        expect(res.statusCode, `${person.name} to ${cookie ? 'Grace' : 'someone signed out'}`).toBe(404)
        expect(res.json().error.code).toBe('not_found')
      }
    }
  })

  it('answers 404 for unknown people and suspended writers', async () => {
    for (const id of [randomUUID(), banned.id]) {
      const res = await get(`/api/writers/${id}`, reader.cookie)
      expect(res.statusCode, id).toBe(404)
      expect(res.json().error.code).toBe('not_found')
    }
  })

  it('answers 400 for an id that cannot be one', async () => {
    expect((await get(`/api/writers/${'x'.repeat(65)}`)).statusCode).toBe(400)
  })
})

describe('GET /api/search/writers', () => {
  const search = async (q: string, extra = '') => {
    const res = await get(`/api/search/writers?q=${encodeURIComponent(q)}${extra}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { items: WriterHit[]; nextCursor: string | null }
  }

  it('finds writers by bio words (stemmed) and puts name matches first', async () => {
    const { items } = await search('physics')
    // Pat's name matches; Grace's bio does. The reader, pending-only, Ada (published nothing) and
    // suspended are left out.
    expect(names(items)).toEqual(['Physics Pat', 'Grace Okafor'])
    expect((await search('lesson')).items.map((w) => w.id)).toEqual([grace.id])
  })

  it('finds a writer from part of a name', async () => {
    expect(names((await search('okaf')).items)).toEqual(['Grace Okafor'])
    expect(names((await search('Stephens')).items)).toEqual(['alan stephens'])
  })

  it('marks the matched words of the bio in the snippet, as plain segments', async () => {
    const [hit] = (await search('mechanics')).items
    expect(hit.id).toBe(grace.id)
    expect(hit.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['mechanics'])
    expect(hit.snippet.map((s) => s.text).join('')).toBe(
      'Physics teacher in Lagos. Short lessons on mechanics and waves.',
    )
    expect(hit).toMatchObject({ posts: 2, likes: 3 })
  })

  it('pages through the ranking without repeats', async () => {
    const whole = (await search('physics or chess')).items
    expect(names(whole)).toHaveLength(3)
    expect(whole[0].name).toBe('Physics Pat')
    const pages = await allPages<WriterHit>('/api/search/writers?q=physics%20or%20chess', 1)
    expect(pages.map(names)).toEqual(whole.map((w) => [w.name]))
  })

  it('pages through equal scores by name', async () => {
    // "a" is in every name and is a stop word: three name matches with the same score.
    const pages = await allPages<WriterHit>('/api/search/writers?q=a', 1)
    expect(pages.map(names)).toEqual([['alan stephens'], ['Grace Okafor'], ['Physics Pat']])
  })

  it('answers an empty page when nothing matches', async () => {
    expect(await search('zebra')).toEqual({ items: [], nextCursor: null })
  })

  it('answers 400 with a message for an empty query or a bad cursor', async () => {
    const empty = await get('/api/search/writers?q=%20%20')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({ q: 'Type something to search for' })
    expect((await get('/api/search/writers')).statusCode).toBe(400)
    const cursor = await get('/api/search/writers?q=physics&cursor=nonsense')
    expect(cursor.json().error.fields).toEqual({ cursor: 'Invalid cursor' })
  })
})

describe('toSnippet', () => {
  it('splits a headline at its marks', () => {
    expect(toSnippet('a \u0002b\u0003 c \u0002d\u0003')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c ', match: false },
      { text: 'd', match: true },
    ])
    expect(toSnippet('')).toEqual([])
  })
})
