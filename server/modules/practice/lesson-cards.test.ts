import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FlashcardPracticeCard, PRACTICE_GRADES } from '#common/schemas/practice.ts'
import { createTestClock } from '#server/clock.ts'
import { practiceCard } from '#server/db/schema/index.ts'
import { examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type PracticeFixtures, practiceFixtures } from './practice.fixtures.ts'

// A lesson's Key ideas in a reader's practice (decision 052): one click adds those not in yet,
// the reader grades them with the four buttons, the writer's edits reach them with the schedule
// kept, a deleted card leaves practice, and nobody else sees or grades a reader's cards.

const DAY = 24 * 60 * 60_000
const clock = createTestClock()
let t: TestApp
let p: PracticeFixtures
let admin: TestUser
let writer: TestUser
let lessonId: string
let cards: { id?: string; front: string; back: string }[]

const LESSON = { bodyHtml: '<p>Forces.</p>', category: 'academic', subjectSlug: 'physics' } as const
const CARDS = [
  { front: 'Newton’s first law', back: 'A body keeps its motion unless a force acts on it' },
  { front: 'Unit of force', back: 'The newton' },
  { front: 'F = ?', back: 'm·a' },
]

const lessons = (method: 'GET' | 'POST' | 'DELETE', postId: string, who: TestUser | null) =>
  t.request({ method, url: `/api/practice/lessons/${postId}`, cookie: who?.cookie })
const grade = (cardId: string, who: TestUser | null, rating: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/practice/cards/${cardId}/grade`,
    cookie: who?.cookie,
    body: { rating },
  })
async function saveCards(postId: string, list: typeof cards) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/posts/${postId}/key-ideas`,
    cookie: writer.cookie,
    body: { cards: list },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().cards as typeof cards
}
const flashcards = async (who: TestUser) =>
  (await p.dueAll(who, '?limit=50')).items.filter((c): c is FlashcardPracticeCard => c.source === 'flashcard')
const reader = (name: string) => createUser(t, { name })

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  p = practiceFixtures(t, examFixtures(t))
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  lessonId = (await publishedPost(t, admin, writer, { title: 'Forces', access: 'free', ...LESSON })).id
  cards = await saveCards(lessonId, CARDS)
}, 60_000)
afterAll(() => t.close())

describe('adding a lesson’s Key ideas to practice', () => {
  it('needs a session; an unknown or unpublished lesson is not found; nothing is written', async () => {
    const rosa = await reader('Rosa Reader')
    expect((await lessons('POST', lessonId, null)).statusCode).toBe(401)
    expect((await lessons('POST', '00000000-0000-4000-8000-000000000000', rosa)).statusCode).toBe(404)
    expect((await lessons('POST', 'not-an-id', rosa)).statusCode).toBe(400)
    expect(await p.cardRows(rosa)).toEqual([])
  })

  it('adds them due now, once: a second click adds nothing, the writer’s new card comes on the next', async () => {
    const rosa = await reader('Rosa Again')
    const first = await lessons('POST', lessonId, rosa)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ keyIdeas: 3, inPractice: 3, changed: 3 })
    expect((await lessons('POST', lessonId, rosa)).json()).toEqual({ keyIdeas: 3, inPractice: 3, changed: 0 })
    expect(await p.cardRows(rosa)).toHaveLength(3)

    const due = await flashcards(rosa)
    expect(due.map((c) => [c.front, c.back, c.lesson.title, c.state])).toEqual(
      CARDS.map((c) => [c.front, c.back, 'Forces', 'new']),
    )
    expect(Object.keys(due[0].nextDue)).toEqual([...PRACTICE_GRADES])
    expect((await p.summary(rosa)).due).toBe(3)

    cards = await saveCards(lessonId, [...cards, { front: 'Weight', back: 'm·g' }])
    expect((await lessons('GET', lessonId, rosa)).json()).toEqual({ keyIdeas: 4, inPractice: 3, changed: 0 })
    expect((await lessons('POST', lessonId, rosa)).json()).toEqual({ keyIdeas: 4, inPractice: 4, changed: 1 })
  })

  it('takes them out again with their schedules', async () => {
    const tomas = await reader('Tomas Takeout')
    await lessons('POST', lessonId, tomas)
    const res = await lessons('DELETE', lessonId, tomas)
    expect(res.json()).toEqual({ keyIdeas: 4, inPractice: 0, changed: 4 })
    expect(await p.cardRows(tomas)).toEqual([])
  })
})

describe('grading a Key idea', () => {
  it('reschedules with each of the four grades, as the hints said, at the reader’s retention', async () => {
    const gus = await reader('Gus Grader')
    await lessons('POST', lessonId, gus)
    const due = await flashcards(gus)
    expect(due).toHaveLength(4)
    for (const [i, rating] of PRACTICE_GRADES.entries()) {
      const res = await grade(due[i].id, gus, rating)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().card).toMatchObject({ id: due[i].id, due: due[i].nextDue[rating], reps: 1 })
    }
    const rows = await p.cardRows(gus)
    const dueOf = (id: string) => rows.find((r) => r.id === id)?.due.getTime() ?? 0
    const times = due.map((c) => dueOf(c.id))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(times[0]).toBeGreaterThan(clock.now().getTime())
    // Nothing due now; Easy comes back days later.
    expect((await p.summary(gus)).due).toBe(0)
    expect(times[3] - clock.now().getTime()).toBeGreaterThan(DAY)
  })

  it('refuses a bad rating (nothing written), someone else’s card (404), and the signed-out (401)', async () => {
    const owner = await reader('Olive Owner')
    const nosy = await reader('Nosy Neighbour')
    await lessons('POST', lessonId, owner)
    const [card] = await flashcards(owner)
    const before = await p.cardRows(owner)
    const bad = await grade(card.id, owner, 'perfect')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ rating: 'Choose Again, Hard, Good or Easy' })
    expect((await grade(card.id, null, 'good')).statusCode).toBe(401)
    for (const who of [nosy, admin]) {
      expect((await grade(card.id, who, 'good')).statusCode).toBe(404)
      expect(await flashcards(who)).toEqual([])
    }
    const review = await t.request({
      method: 'POST',
      url: `/api/practice/cards/${card.id}/review`,
      cookie: owner.cookie,
      body: { answer: { text: 'm·a' } },
    })
    expect(review.statusCode).toBe(400)
    expect(await p.cardRows(owner)).toEqual(before)
  })
})

describe('the writer’s edits', () => {
  it('reach every reader with their schedule kept; a deleted card leaves practice', async () => {
    const eve = await reader('Eve Editor-watcher')
    await lessons('POST', lessonId, eve)
    const [first] = await flashcards(eve)
    await grade(first.id, eve, 'good')
    const [graded] = await t.database.db.select().from(practiceCard).where(eq(practiceCard.id, first.id))

    const [a, ...rest] = cards
    cards = await saveCards(lessonId, [{ ...a, front: 'The first law of motion' }, ...rest.slice(0, 2)])
    const [after] = await t.database.db.select().from(practiceCard).where(eq(practiceCard.id, first.id))
    expect(after).toEqual(graded)
    expect(await p.cardRows(eve)).toHaveLength(3)

    clock.advance(30 * DAY)
    const due = await flashcards(eve)
    expect(due.find((c) => c.id === first.id)?.front).toBe('The first law of motion')
    expect(due.some((c) => c.front === 'Weight')).toBe(false)
  })
})

describe('a lesson locked to the reader', () => {
  it('cannot be added, and hides cards added while it was open; they come back with the body', async () => {
    await setPrice(t, writer, 500)
    const paid = await publishedPost(t, admin, writer, {
      title: 'Paid forces',
      access: 'subscribers',
      ...LESSON,
    })
    await saveCards(paid.id, CARDS)
    const outsider = await reader('Olly Outsider')
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await lessons(method, paid.id, outsider)
      expect(res.statusCode).toBe(403)
      expect(res.body).not.toContain('newton')
    }
    expect(await p.cardRows(outsider)).toEqual([])

    // A free lesson turned subscribers-only by an admin: a reader's cards wait, unseen and ungradable.
    const free = await publishedPost(t, admin, writer, { title: 'Turning paid', access: 'free', ...LESSON })
    await saveCards(free.id, CARDS)
    const fan = await reader('Fran Fan')
    await lessons('POST', free.id, fan)
    const [card] = await flashcards(fan)
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/posts/${free.id}`,
      cookie: admin.cookie,
      body: { title: 'Turning paid', access: 'subscribers', ...LESSON },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await flashcards(fan)).toEqual([])
    expect(await p.summary(fan)).toMatchObject({ due: 0, cards: 0 })
    expect((await grade(card.id, fan, 'good')).statusCode).toBe(404)
    await paySubscription(t, fan, writer)
    expect((await flashcards(fan)).map((c) => c.id)).toContain(card.id)
  })
})
