import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadingListPage } from '#common/schemas/reading-list.ts'
import { post, readingList } from '#server/db/schema/index.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
let rosa: TestUser
let olly: TestUser
let bella: TestUser
let freePost: { id: string }
let paidPost: { id: string }
let draft: { id: string }
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

const save = (who: TestUser | null, postId: string) =>
  t.request({ method: 'PUT', url: `/api/me/reading-list/${postId}`, cookie: who?.cookie })
const unsave = (who: TestUser | null, postId: string) =>
  t.request({ method: 'DELETE', url: `/api/me/reading-list/${postId}`, cookie: who?.cookie })
const state = (who: TestUser | null, postId: string) =>
  t.request({ method: 'GET', url: `/api/me/reading-list/${postId}`, cookie: who?.cookie })
const list = (who: TestUser | null, query = '') =>
  t.request({ method: 'GET', url: `/api/me/reading-list${query}`, cookie: who?.cookie })

async function page(who: TestUser, query = ''): Promise<ReadingListPage> {
  const res = await list(who, query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
async function rows(who?: TestUser): Promise<number> {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(readingList)
    .where(who ? eq(readingList.userId, who.id) : undefined)
  return n
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
  olly = await createUser(t, { name: 'Olly Other' })
  bella = await createUser(t, { name: 'Bella Subscriber' })
  await setPrice(t, writer, 500)
  freePost = await publishedPost(t, admin, writer, {
    title: 'The lighthouse',
    bodyHtml: '<p>Free.</p>',
    access: 'free',
  })
  paidPost = await publishedPost(t, admin, writer, {
    title: 'The cove',
    bodyHtml: '<p>Paid.</p>',
    access: 'subscribers',
  })
  const created = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: writer.cookie,
    body: { category: 'fiction', title: 'Not yet', bodyHtml: '<p>Draft.</p>', access: 'free', tags: [] },
  })
  expect(created.statusCode, created.body).toBe(201)
  draft = created.json()
  await paySubscription(t, bella, writer)
}, 60_000)
afterAll(() => t.close())

describe('signed out', () => {
  it('is a 401 on every route, and nothing is written', async () => {
    const before = await rows()
    const answers = await Promise.all([
      save(null, freePost.id),
      unsave(null, freePost.id),
      state(null, freePost.id),
      list(null),
    ])
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401])
    expect(await rows()).toBe(before)
  })
})

describe('saving', () => {
  it('saves once however often it is asked, says so on the post, and unsaves', async () => {
    expect((await state(rosa, freePost.id)).json()).toEqual({ saved: false, readable: true })
    for (let i = 0; i < 2; i++) {
      const res = await save(rosa, freePost.id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ saved: true, readable: true })
    }
    expect(await rows(rosa)).toBe(1)
    expect((await state(rosa, freePost.id)).json()).toEqual({ saved: true, readable: true })
    expect((await unsave(rosa, freePost.id)).statusCode).toBe(204)
    expect((await unsave(rosa, freePost.id)).statusCode).toBe(204)
    expect(await rows(rosa)).toBe(0)
    expect((await state(rosa, freePost.id)).json()).toEqual({ saved: false, readable: true })
  })

  it('is a 404 for a draft (even its author’s), an unknown post, and another’s draft; nothing written', async () => {
    const before = await rows()
    for (const [who, id] of [
      [rosa, draft.id],
      [writer, draft.id],
      [rosa, UNKNOWN],
    ] as const) {
      const res = await save(who, id)
      expect(res.statusCode, res.body).toBe(404)
      expect((await state(who, id)).statusCode).toBe(404)
    }
    expect(await rows()).toBe(before)
  })

  it('refuses a bad id with a field message, and writes nothing', async () => {
    const before = await rows()
    for (const res of [await save(rosa, 'nope'), await unsave(rosa, 'nope'), await state(rosa, 'nope')]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error.fields).toEqual({ postId: 'Unknown post' })
    }
    const badCursor = await list(rosa, '?cursor=nope')
    expect(badCursor.statusCode).toBe(400)
    expect(Object.keys(badCursor.json().error.fields)).toEqual(['cursor'])
    expect(await rows()).toBe(before)
  })

  it('lets anyone who sees a subscribers-only post save it; its body is readable only to a subscriber', async () => {
    expect((await save(rosa, paidPost.id)).json()).toEqual({ saved: true, readable: false })
    expect((await save(bella, paidPost.id)).json()).toEqual({ saved: true, readable: true })
    expect((await page(rosa)).items.map((i) => [i.post.id, i.readable])).toEqual([[paidPost.id, false]])
    expect((await page(bella)).items.map((i) => [i.post.id, i.readable])).toEqual([[paidPost.id, true]])
    await unsave(rosa, paidPost.id)
    await unsave(bella, paidPost.id)
  })
})

describe('the list', () => {
  it('pages newest first, is its reader’s alone, and drops a post unpublished since', async () => {
    const ids = [freePost.id, paidPost.id]
    for (const id of ids) expect((await save(olly, id)).statusCode).toBe(200)
    // Saves in the same millisecond still page apart (post_id breaks the tie).
    await t.database.db.update(readingList).set({ createdAt: new Date('2026-11-01T00:00:00.000Z') })
    await save(rosa, freePost.id)
    const first = await page(olly, '?limit=1')
    expect(first.items).toHaveLength(1)
    expect(first.nextCursor).not.toBeNull()
    const second = await page(olly, `?limit=1&cursor=${first.nextCursor}`)
    expect(second.items).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    const listed = [...first.items, ...second.items]
    expect(listed.map((i) => i.post.id).sort()).toEqual([...ids].sort())
    expect(listed[0]).toMatchObject({
      savedAt: '2026-11-01T00:00:00.000Z',
      post: { author: { name: 'Wren Writer' } },
    })
    expect(listed[0].post).not.toHaveProperty('bodyHtml')
    // Rosa's newer save is first in hers, and in no one else's.
    expect((await page(rosa)).items.map((i) => i.post.id)).toEqual([freePost.id])
    expect((await page(bella)).items).toEqual([])
    await t.database.db.update(post).set({ status: 'draft' }).where(eq(post.id, paidPost.id))
    expect((await page(olly)).items.map((i) => i.post.id)).toEqual([freePost.id])
    await t.database.db.update(post).set({ status: 'published' }).where(eq(post.id, paidPost.id))
  })
})
