import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLASHCARDS_MAX } from '#common/constants.ts'
import { flashcard } from '#server/db/schema/index.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// A lesson's Key ideas (decision 052): its author (or an admin) saves them as one ordered list of
// at most 50; readers get them with the lesson, and a locked lesson keeps them with its body.

let t: TestApp
let admin: TestUser
let writer: TestUser
let other: TestUser
let subscriber: TestUser
let lessonId: string

const LESSON = { bodyHtml: '<p>Forces.</p>', category: 'academic', subjectSlug: 'physics' } as const
const CARDS = [
  { front: 'Newton’s first law', back: 'A body keeps its motion unless a force acts on it' },
  { front: 'Unit of force', back: 'The newton: kg·m/s²' },
  { front: 'F = ?', back: 'm·a' },
]

const save = (postId: string, who: TestUser | null, body: unknown) =>
  t.request({ method: 'PUT', url: `/api/posts/${postId}/key-ideas`, cookie: who?.cookie, body })
const read = (postId: string, who: TestUser | null) =>
  t.request({ method: 'GET', url: `/api/posts/${postId}/key-ideas`, cookie: who?.cookie })
const rows = (postId: string) =>
  t.database.db.select().from(flashcard).where(eq(flashcard.postId, postId)).orderBy(asc(flashcard.position))
const rowCount = async (postId: string) =>
  (await t.database.db.select({ n: count() }).from(flashcard).where(eq(flashcard.postId, postId)))[0].n

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  other = await createUser(t, { name: 'Olly Other' })
  subscriber = await createUser(t, { name: 'Sam Subscriber' })
  lessonId = (await publishedPost(t, admin, writer, { title: 'Forces', access: 'free', ...LESSON })).id
}, 60_000)
afterAll(() => t.close())

describe('saving Key ideas', () => {
  it('needs a session and the post’s author (or an admin); anyone else is told the post does not exist', async () => {
    expect((await save(lessonId, null, { cards: CARDS })).statusCode).toBe(401)
    const res = await save(lessonId, other, { cards: CARDS })
    expect(res.statusCode).toBe(404)
    expect(await rowCount(lessonId)).toBe(0)
  })

  it('refuses bad cards field by field, and more than 50, writing nothing', async () => {
    const blank = await save(lessonId, writer, { cards: [CARDS[0], { front: '  ', back: 'x'.repeat(1001) }] })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().error.fields).toEqual({
      'cards.1.front': 'Write the front of the card',
      'cards.1.back': 'Keep the back under 1000 characters',
    })
    const many = Array.from({ length: FLASHCARDS_MAX + 1 }, (_, i) => ({ front: `Q${i}`, back: `A${i}` }))
    const tooMany = await save(lessonId, writer, { cards: many })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.fields).toEqual({ cards: 'A lesson has at most 50 Key ideas' })
    expect((await save(lessonId, writer, { cards: many.slice(0, FLASHCARDS_MAX) })).statusCode).toBe(200)
    expect(await rowCount(lessonId)).toBe(FLASHCARDS_MAX)
    expect((await save(lessonId, writer, { cards: [] })).statusCode).toBe(200)
    expect(await rowCount(lessonId)).toBe(0)
  })

  it('is for academic lessons only', async () => {
    const story = await publishedPost(t, admin, writer, {
      title: 'A story',
      bodyHtml: '<p>Once.</p>',
      access: 'free',
    })
    const res = await save(story.id, writer, { cards: CARDS })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.cards).toMatch(/academic/)
    expect(await rowCount(story.id)).toBe(0)
  })

  it('saves the list in order, trimmed; a later save edits, reorders, adds and deletes by id', async () => {
    const first = await save(lessonId, writer, {
      cards: CARDS.map((c) => ({ ...c, front: `  ${c.front} ` })),
    })
    expect(first.statusCode, first.body).toBe(200)
    const saved = first.json().cards
    expect(saved.map((c: { front: string }) => c.front)).toEqual(CARDS.map((c) => c.front))
    const [a, b, c] = saved
    const second = await save(lessonId, writer, {
      cards: [{ ...c, back: 'mass times acceleration' }, a, { front: 'Weight', back: 'm·g' }],
    })
    expect(second.statusCode, second.body).toBe(200)
    const after = await rows(lessonId)
    expect(after.map((r) => [r.id, r.front, r.back, r.position])).toEqual([
      [c.id, 'F = ?', 'mass times acceleration', 0],
      [a.id, a.front, a.back, 1],
      [expect.any(String), 'Weight', 'm·g', 2],
    ])
    expect(after.some((r) => r.id === b.id)).toBe(false)
  })

  it('refuses a card id that is not in the lesson, writing nothing', async () => {
    const before = await rows(lessonId)
    const res = await save(lessonId, writer, {
      cards: [{ id: '00000000-0000-4000-8000-000000000000', front: 'Lost', back: 'Card' }],
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields)).toEqual(['cards.0.id'])
    expect(await rows(lessonId)).toEqual(before)
  })

  it('lets an admin edit them', async () => {
    const res = await save(lessonId, admin, { cards: CARDS })
    expect(res.statusCode, res.body).toBe(200)
    expect(await rowCount(lessonId)).toBe(3)
  })
})

describe('reading Key ideas', () => {
  it('gives a published lesson’s cards to anyone, signed out included; a draft’s only to its author', async () => {
    const res = await read(lessonId, null)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ locked: false, cards: CARDS.map((c) => ({ id: expect.any(String), ...c })) })
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: writer.cookie,
      body: { title: 'Draft lesson', ...LESSON },
    })
    const draftId = created.json().id
    expect((await save(draftId, writer, { cards: CARDS })).statusCode).toBe(200)
    expect((await read(draftId, writer)).json().cards).toHaveLength(3)
    expect((await read(draftId, other)).statusCode).toBe(404)
    expect((await read(draftId, null)).statusCode).toBe(404)
  })

  it('keeps a subscribers-only lesson’s cards from those who cannot read its body', async () => {
    await setPrice(t, writer, 500)
    const locked = await publishedPost(t, admin, writer, {
      title: 'Paid forces',
      access: 'subscribers',
      ...LESSON,
    })
    expect((await save(locked.id, writer, { cards: CARDS })).statusCode).toBe(200)
    for (const who of [null, other]) {
      const res = await read(locked.id, who)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ locked: true, cards: [] })
      expect(res.body).not.toContain('kg·m/s²')
    }
    await paySubscription(t, subscriber, writer)
    expect((await read(locked.id, subscriber)).json().cards).toHaveLength(3)
    expect((await read(locked.id, writer)).json().cards).toHaveLength(3)
  })
})
