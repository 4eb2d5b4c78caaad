import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import type { ForumHit } from '#common/schemas/forums.ts'
import { SEARCH_QUERY_MAX_LENGTH } from '#common/schemas/search.ts'
import { forumReply, forumThread } from '#server/db/schema/index.ts'
import { removeReply } from '#server/modules/forums/removal.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let asker: TestUser
let helper: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  asker = await createUser(t, { name: 'Amara Asker' })
  helper = await createUser(t, { name: 'Hugo Helper' })
})
afterAll(() => t.close())

/** Threads and replies straight in the database: these tests are about search, not the forum routes. */
async function addThread(title: string, bodyHtml = '<p>Any ideas?</p>', subjectSlug = 'physics') {
  const [row] = await t.database.db
    .insert(forumThread)
    .values({ subjectSlug, authorId: asker.id, title, bodyHtml })
    .returning()
  return row
}

async function addReply(threadId: string, bodyHtml: string, by: TestUser = helper) {
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

async function search(q: string, extra = ''): Promise<{ items: ForumHit[]; nextCursor: string | null }> {
  const res = await t.request({
    method: 'GET',
    url: `/api/search/threads?q=${encodeURIComponent(q)}${extra}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** A hit's id: the reply's, or the thread's when the thread itself matched. */
const idOf = (hit: ForumHit) => hit.replyId ?? hit.threadId
const ids = async (q: string) => (await search(q)).items.map(idOf)

describe('bad input', () => {
  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a blank q', '?q=%20%20'],
  ])('answers 400 for %s', async (_, query) => {
    const res = await t.request({ method: 'GET', url: `/api/search/threads${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.q).toBe('Type something to search for')
  })

  it('answers 400 for a query that is too long, a bad limit or a cursor it did not write', async () => {
    const long = await t.request({
      method: 'GET',
      url: `/api/search/threads?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`,
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields.q).toBe(`Keep the search under ${SEARCH_QUERY_MAX_LENGTH} characters`)
    const limit = await t.request({ method: 'GET', url: '/api/search/threads?q=waves&limit=0' })
    expect(limit.statusCode).toBe(400)
    expect(limit.json().error.fields.limit).toBeDefined()
    const cursor = await t.request({ method: 'GET', url: '/api/search/threads?q=waves&cursor=bm9wZQ' })
    expect(cursor.statusCode).toBe(400)
    expect(cursor.json().error.fields.cursor).toBe('Invalid cursor')
  })
})

describe('what is found', () => {
  it('finds a thread by its title or opening post, with its subject, author and a marked snippet', async () => {
    const thread = await addThread(
      'Why is the sky blue?',
      '<p>My teacher said <strong>Rayleigh</strong> scattering, but why does blue scatter more &amp; red less?</p>',
    )
    const [hit] = (await search('rayleigh')).items
    expect(hit).toEqual({
      threadId: thread.id,
      threadTitle: 'Why is the sky blue?',
      subject: { slug: 'physics', name: 'Physics' },
      replyId: null,
      page: 1,
      author: { id: asker.id, name: 'Amara Asker', image: null },
      createdAt: thread.createdAt.toISOString(),
      snippet: expect.any(Array),
    })
    // Tags stripped, entities decoded, the matched word marked.
    expect(hit.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['Rayleigh'])
    expect(hit.snippet.map((s) => s.text).join('')).toContain(
      'Rayleigh scattering, but why does blue scatter more & red less',
    )
  })

  it('points a reply match to the page it is on, with the reply’s author and date', async () => {
    const thread = await addThread('Long thread about pendulums')
    let last = await addReply(thread.id, '<p>First!</p>')
    for (let i = 2; i <= FORUM_REPLIES_PAGE_SIZE + 3; i++) {
      last = await addReply(
        thread.id,
        i === FORUM_REPLIES_PAGE_SIZE + 2 ? '<p>Try a zeppelin.</p>' : '<p>Same here.</p>',
      )
    }
    const [zeppelin] = await t.database.db
      .select()
      .from(forumReply)
      .where(eq(forumReply.position, FORUM_REPLIES_PAGE_SIZE + 2))
    expect(last.position).toBe(FORUM_REPLIES_PAGE_SIZE + 3)
    const { items } = await search('zeppelin')
    expect(items).toEqual([
      {
        threadId: thread.id,
        threadTitle: 'Long thread about pendulums',
        subject: { slug: 'physics', name: 'Physics' },
        replyId: zeppelin.id,
        page: 2,
        author: { id: helper.id, name: 'Hugo Helper', image: null },
        createdAt: zeppelin.createdAt.toISOString(),
        snippet: expect.arrayContaining([{ text: 'zeppelin', match: true }]),
      },
    ])
  })

  it('never finds a deleted reply, while the thread and other replies still are', async () => {
    const thread = await addThread('Wombat facts', '<p>Cube-shaped droppings?</p>', 'general')
    const kept = await addReply(thread.id, '<p>Yes, wombat droppings are cubes.</p>')
    const gone = await addReply(thread.id, '<p>A wombat joke nobody wanted.</p>')
    await t.database.db.transaction((tx) => removeReply(tx, gone.id))
    const found = await ids('wombat')
    expect(found.sort()).toEqual([thread.id, kept.id].sort())
    expect(await ids('joke')).toEqual([])
  })

  it('finds nothing for stop words alone, or for an exclusion alone', async () => {
    await addThread('The one with the answer', '<p>It is what it is.</p>')
    expect(await search('the and of it')).toEqual({ items: [], nextCursor: null })
    expect(await search('-answer')).toEqual({ items: [], nextCursor: null })
  })
})

describe('ranking and paging', () => {
  it('puts a title match above an opening post or a reply that says the word many times', async () => {
    const body = await addThread('Night sky', '<p>Quasar quasar quasar, a quasar.</p>')
    const titled = await addThread('The quasar at the edge', '<p>Far away light.</p>')
    const reply = await addReply(body.id, '<p>A quasar, a quasar, a quasar!</p>')
    const found = await ids('quasar')
    expect(found[0]).toBe(titled.id)
    expect(found.slice(1).sort()).toEqual([body.id, reply.id].sort())
  })

  it('understands "phrases", -exclusions and or', async () => {
    const redGiant = await addThread('Aldebaran', '<p>A red giant of the winter sky.</p>')
    const giantRed = await addReply(redGiant.id, '<p>Betelgeuse: the giant glows red tonight.</p>')
    expect(await ids('"red giant"')).toEqual([redGiant.id])
    expect((await ids('giant red')).sort()).toEqual([redGiant.id, giantRed.id].sort())
    expect(await ids('giant -winter')).toEqual([giantRed.id])
    expect((await ids('aldebaran or betelgeuse')).sort()).toEqual([redGiant.id, giantRed.id].sort())
  })

  it('pages through threads and replies of equal rank without a duplicate or a gap', async () => {
    const thread = await addThread('Marmalade', '<p>Seville oranges only?</p>', 'general')
    const expected = [thread.id]
    for (let i = 0; i < 4; i++) {
      expected.push((await addThread(`Note ${i}`, '<p>Marmalade recipe.</p>', 'general')).id)
      expected.push((await addReply(thread.id, '<p>Marmalade recipe.</p>')).id)
    }
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: { items: ForumHit[]; nextCursor: string | null } = await search(
        'marmalade',
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items.map(idOf))
      cursor = page.nextCursor
      pages++
    } while (cursor && pages < 10)
    expect(seen[0]).toBe(thread.id)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(expected.sort())
    expect(pages).toBe(5)
  })
})
