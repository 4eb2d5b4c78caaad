import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { practiceCard, profile } from '#server/db/schema/index.ts'
import { type ExamFixtures, examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import { finalizeExpiredAttempts } from '#server/modules/exams/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { MISTAKES, type PracticeFixtures, practiceFixtures, RIGHT, WRONG } from './practice.fixtures.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const clock = createTestClock()
let t: TestApp
let f: ExamFixtures
let p: PracticeFixtures
let admin: TestUser
let writer: TestUser
/** Two attempts; marks after each one, answers and explanations after the last. */
let examId: string
const MARKS_NOW = {
  attemptsAllowed: 2,
  review: {
    correctness: 'after_each_attempt',
    answers: 'after_last_attempt',
    explanations: 'after_last_attempt',
  },
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  f = examFixtures(t)
  p = practiceFixtures(t, f)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  examId = (await f.publishedExam(writer, admin, MARKS_NOW)).id
})
afterAll(() => t.close())

const reader = (name = 'Rosa Reader') => createUser(t, { name })

describe('cards come from submitted attempts', () => {
  it('makes a card of each question missed (partial marks and blanks included) when the attempt is submitted, not before', async () => {
    const rosa = await reader()
    const state = await f.start(rosa, examId)
    await f.answerAll(rosa, state, { ...MISTAKES, 'Who wrote the Principia?': { text: 'Newton' } })
    // In progress: no card, and nothing listed.
    expect(await p.cardRows(rosa)).toEqual([])
    expect(await p.due(rosa)).toEqual({ items: [], nextCursor: null, total: 0 })

    expect((await f.submit(rosa, state.id)).statusCode).toBe(200)
    const page = await p.due(rosa)
    expect(page.total).toBe(2)
    expect(page.items.map((c) => c.prompt).sort()).toEqual([
      'What is the SI unit of force?',
      'Which are vectors?',
    ])
    const [single] = page.items.filter((c) => c.kind === 'single')
    expect(single).toMatchObject({
      source: 'exam_question',
      exam: { id: examId, title: 'Forces and motion' },
      state: 'new',
      reps: 0,
      options: [
        { id: 'a', text: 'Joule' },
        { id: 'b', text: 'Newton' },
        { id: 'c', text: 'Watt' },
      ],
    })
    expect(await p.summary(rosa)).toEqual({ due: 2, cards: 2, nextDue: null })
  })

  it('makes the cards of an attempt that ran out of time when it is finalised', async () => {
    const tomas = await reader('Tomas Late')
    const state = await f.start(tomas, examId)
    await f.answerAll(tomas, state, RIGHT)
    await f.answer(tomas, state.id, state.questions.find((q) => q.kind === 'single')!.id, {
      optionIds: ['c'],
    })
    clock.advance(11 * MINUTE)
    try {
      expect(await p.cardRows(tomas)).toEqual([])
      // Housekeeping's sweep (the same finalisation as a submit).
      expect(await finalizeExpiredAttempts(t.app.ctx, { userId: tomas.id })).toBe(1)
      const rows = await p.cardRows(tomas)
      expect(rows.map((r) => r.question?.prompt)).toEqual(['What is the SI unit of force?'])
      // Due from the deadline: ready at once.
      expect(rows[0].due.getTime()).toBe(new Date(state.deadline).getTime())
      expect((await p.due(tomas)).total).toBe(1)
    } finally {
      clock.advance(-11 * MINUTE)
    }
  })

  it('keeps one card per reader and question: a later miss brings it due again without a second card', async () => {
    const una = await reader('Una Again')
    await p.takeExam(una, examId, {
      'What is the SI unit of force?': { optionIds: ['a'] },
      ...pick(RIGHT, 1, 2),
    })
    const [card] = (await p.due(una)).items
    expect((await p.review(una, card.id, RIGHT['What is the SI unit of force?'])).statusCode).toBe(200)
    expect((await p.due(una)).total).toBe(0)

    await p.takeExam(una, examId, {
      'What is the SI unit of force?': { optionIds: ['c'] },
      ...pick(RIGHT, 1, 2),
    })
    const rows = await p.cardRows(una)
    expect(rows).toHaveLength(1)
    expect(rows[0].id).toBe(card.id)
    // Its memory state is the practice's: the review counted once.
    expect(rows[0].reps).toBe(1)
    expect((await p.due(una)).items.map((c) => c.id)).toEqual([card.id])
  })

  it('lists nothing of an exam while an attempt at it runs, and refuses an answer with 409', async () => {
    const vic = await reader('Vic Running')
    await p.takeExam(vic, examId)
    const [card] = (await p.due(vic)).items
    await f.start(vic, examId)
    expect(await p.due(vic)).toEqual({ items: [], nextCursor: null, total: 0 })
    expect((await p.summary(vic)).due).toBe(0)
    const res = await p.review(vic, card.id, RIGHT['What is the SI unit of force?'])
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/Finish your attempt/)
  })
})

const pick = (answers: Record<string, unknown>, ...indexes: number[]) =>
  Object.fromEntries(Object.entries(answers).filter((_, i) => indexes.includes(i)))

describe('answering a card', () => {
  it('checks the answer on the server and reschedules with FSRS: right comes back later, not yet soon', async () => {
    const sam = await reader('Sam Scheduled')
    await p.takeExam(sam, examId, {})
    const cards = (await p.due(sam)).items
    expect(cards).toHaveLength(3)
    const now = clock.now().getTime()
    const results = new Map<string, { correct: boolean; due: number }>()
    for (const card of cards) {
      const answer = card.kind === 'multiple' ? WRONG[card.prompt] : RIGHT[card.prompt]
      const res = await p.review(sam, card.id, answer)
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      expect(body.card.reps).toBe(1)
      results.set(card.kind, { correct: body.correct, due: new Date(body.card.due).getTime() })
    }
    // Short answers match ignoring case and spaces, as in the exam.
    expect(results.get('short')!.correct).toBe(true)
    expect(results.get('single')!.correct).toBe(true)
    expect(results.get('multiple')!.correct).toBe(false)
    expect(results.get('multiple')!.due - now).toBeLessThanOrEqual(5 * MINUTE)
    expect(results.get('single')!.due).toBeGreaterThan(results.get('multiple')!.due)
    // The wrong one is due again within minutes; the summary says when.
    expect(await p.summary(sam)).toEqual({
      due: 0,
      cards: 3,
      nextDue: new Date(results.get('multiple')!.due).toISOString(),
    })
    clock.advance(results.get('multiple')!.due - now)
    try {
      expect((await p.due(sam)).items.map((c) => c.kind)).toEqual(['multiple'])
    } finally {
      clock.advance(-(results.get('multiple')!.due - now))
    }
  })

  it('a partial answer to a multiple choice is not yet (right means full marks)', async () => {
    const pat = await reader('Pat Partial')
    await p.takeExam(pat, examId)
    const card = (await p.due(pat)).items.find((c) => c.kind === 'multiple')!
    const res = await p.review(pat, card.id, { optionIds: ['a'] })
    expect(res.json().correct).toBe(false)
  })

  it('schedules further out each time the reader is right, and by their target retention', async () => {
    const [low, high] = [await reader('Low Retention'), await reader('High Retention')]
    const ends: number[] = []
    for (const [person, retention] of [
      [low, 0.7],
      [high, 0.97],
    ] as const) {
      const res = await t.request({
        method: 'PATCH',
        url: '/api/me/practice-settings',
        cookie: person.cookie,
        body: { targetRetention: retention },
      })
      expect(res.json()).toEqual({ targetRetention: retention })
      await p.takeExam(person, examId)
      const card = (await p.due(person)).items.find((c) => c.kind === 'single')!
      const start = clock.now().getTime()
      let last = 0
      for (let i = 0; i < 4; i++) {
        const body = (await p.review(person, card.id, RIGHT[card.prompt])).json()
        const due = new Date(body.card.due).getTime()
        expect(due).toBeGreaterThan(last)
        last = due
        clock.set(new Date(due))
      }
      ends.push(last - start)
      clock.set(new Date(start))
    }
    // Aiming to remember more means seeing the card sooner.
    expect(ends[1]).toBeLessThan(ends[0])
    expect(ends[0]).toBeGreaterThan(DAY)
  })
})

describe('who may see and answer a card', () => {
  it('answers signed-out requests with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/practice/due'],
      ['GET', '/api/practice/summary'],
      ['POST', `/api/practice/cards/${randomUUID()}/review`],
      ['GET', '/api/me/practice-settings'],
      ['PATCH', '/api/me/practice-settings'],
    ] as const) {
      const res = await t.request({ method, url, body: method === 'GET' ? undefined : {} })
      expect(res.statusCode, url).toBe(401)
    }
  })

  it("never shows or takes an answer to another reader's card (404), an admin's neither", async () => {
    const owner = await reader('Olive Owner')
    const other = await reader('Otto Other')
    await p.takeExam(owner, examId)
    const [card] = (await p.due(owner)).items
    expect((await p.due(other)).total).toBe(0)
    const before = (await p.cardRows(owner)).find((r) => r.id === card.id)
    for (const person of [other, admin]) {
      const res = await p.review(person, card.id, RIGHT[card.prompt])
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('That practice card does not exist')
    }
    expect((await p.review(owner, randomUUID(), { optionIds: ['a'] })).statusCode).toBe(404)
    expect((await p.cardRows(owner)).find((r) => r.id === card.id)).toEqual(before)
  })
})

describe('bad input', () => {
  let bea: TestUser
  let cards: Awaited<ReturnType<PracticeFixtures['due']>>['items']
  beforeAll(async () => {
    bea = await reader('Bea Bad')
    await p.takeExam(bea, examId, {})
    cards = (await p.due(bea)).items
  })
  const byKind = (kind: string) => cards.find((c) => c.kind === kind)!

  it.each([
    ['no answer', 'single', undefined, 'answer'],
    ['an empty choice', 'single', { optionIds: [] }, 'answer.optionIds'],
    ['blank text', 'short', { text: '   ' }, 'answer.text'],
    ['a number', 'single', 3, 'answer'],
    ['an option the question lacks', 'single', { optionIds: ['z'] }, 'answer'],
    ['two options to a single choice', 'single', { optionIds: ['a', 'b'] }, 'answer'],
    ['text to a choice', 'multiple', { text: 'Velocity' }, 'answer'],
    ['a choice to a short answer', 'short', { optionIds: ['a'] }, 'answer'],
  ])('refuses %s with 400 on the field and writes nothing', async (_, kind, answer, field) => {
    const before = await p.cardRows(bea)
    const res = await t.request({
      method: 'POST',
      url: `/api/practice/cards/${byKind(kind).id}/review`,
      cookie: bea.cookie,
      body: answer === undefined ? {} : { answer },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field)
    expect(await p.cardRows(bea)).toEqual(before)
  })

  it('refuses a card id that is not one, a bad page size and a bad cursor with 400', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/practice/cards/not-a-card/review',
      cookie: bea.cookie,
      body: { answer: { optionIds: ['a'] } },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ cardId: 'Unknown card' })
    for (const query of ['?limit=0', '?limit=51', '?cursor=nonsense']) {
      const res = await f.req('GET', `/api/practice/due${query}`, bea.cookie)
      expect(res.statusCode, query).toBe(400)
    }
  })

  it('pages the due cards by (due, id) with the total on every page', async () => {
    const first = await p.due(bea, '?limit=2')
    expect(first.items).toHaveLength(2)
    expect(first.total).toBe(3)
    const second = await p.due(bea, `?limit=2&cursor=${first.nextCursor}`)
    expect(second).toMatchObject({ nextCursor: null, total: 3 })
    expect([...first.items, ...second.items].map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort())
  })

  it('keeps the target retention between 70% and 97%, 90% until chosen', async () => {
    expect((await f.req('GET', '/api/me/practice-settings', bea.cookie)).json()).toEqual({
      targetRetention: 0.9,
    })
    for (const targetRetention of [0.5, 0.99, '0.8', null]) {
      const res = await t.request({
        method: 'PATCH',
        url: '/api/me/practice-settings',
        cookie: bea.cookie,
        body: { targetRetention },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ targetRetention: 'Choose between 70% and 97%' })
    }
    const [row] = await t.database.db
      .select({ r: profile.practiceRetention })
      .from(profile)
      .where(eq(profile.userId, bea.id))
    expect(row.r).toBe(0.9)
    const ok = await t.request({
      method: 'PATCH',
      url: '/api/me/practice-settings',
      cookie: bea.cookie,
      body: { targetRetention: 0.85 },
    })
    expect(ok.json()).toEqual({ targetRetention: 0.85 })
    expect((await f.req('GET', '/api/me/practice-settings', bea.cookie)).json()).toEqual({
      targetRetention: 0.85,
    })
  })
})

describe('the exam going away', () => {
  it('takes its cards with it when it is deleted', async () => {
    const own = (await f.publishedExam(writer, admin, MARKS_NOW)).id
    const dee = await reader('Dee Deleted')
    await p.takeExam(dee, own)
    expect((await p.cardRows(dee)).length).toBeGreaterThan(0)
    expect((await f.req('DELETE', `/api/exams/${own}`, admin.cookie)).statusCode).toBeLessThan(300)
    expect(await t.database.db.select().from(practiceCard).where(eq(practiceCard.examId, own))).toEqual([])
  })
})
