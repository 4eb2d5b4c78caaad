import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SubjectMastery } from '#common/schemas/mastery.ts'
import { practiceCard } from '#server/db/schema/index.ts'
import { type ExamFixtures, examFixtures, PERFECT } from '#server/modules/exams/exams.fixtures.ts'
import { type PracticeFixtures, practiceFixtures, RIGHT } from '#server/modules/practice/practice.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// Mastery per subject (decision 053) through HTTP on a real database: each level from a small
// hand-built fixture, practice lifting a level, cards an exam hides moving nothing, and only ever
// the reader's own.

let t: TestApp
let f: ExamFixtures
let p: PracticeFixtures
/** Physics exams showing marks after each attempt (so their cards are practised at once). */
let physicsA: string
let physicsB: string
/** A physics exam whose marks are never shown: its cards wait unseen (decision 049). */
let hidden: string
let chemistry: string

const MARKS_NOW = {
  attemptsAllowed: 2,
  review: {
    correctness: 'after_each_attempt',
    answers: 'after_last_attempt',
    explanations: 'after_last_attempt',
  },
}
const NEVER = {
  attemptsAllowed: 2,
  review: { correctness: 'never', answers: 'never', explanations: 'never' },
}

/** 5 of 6 points (83.3%): the short answer missed, one card. */
const MISS_SHORT = { ...PERFECT, 'Who wrote the Principia?': { text: 'Galileo' } }
/** 3 of 6 points (50%): the multiple choice left blank. */
const HALF = {
  'What is the SI unit of force?': { optionIds: ['b'] },
  'Who wrote the Principia?': { text: 'Newton' },
}
/** 0 of 6. */
const NOTHING = {}

beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  p = practiceFixtures(t, f)
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  const writer = await createUser(t, { name: 'Wanjiru Writer' })
  physicsA = (await f.publishedExam(writer, admin, MARKS_NOW)).id
  physicsB = (await f.publishedExam(writer, admin, { ...MARKS_NOW, title: 'Energy and work' })).id
  hidden = (await f.publishedExam(writer, admin, { ...NEVER, title: 'Waves, marks kept' })).id
  chemistry = (await f.publishedExam(writer, admin, { ...MARKS_NOW, subjectSlug: 'chemistry' })).id
})
afterAll(() => t.close())

const reader = (name: string) => createUser(t, { name })

async function mastery(user: TestUser): Promise<SubjectMastery[]> {
  const res = await f.req('GET', '/api/me/mastery', user.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function subjectMastery(user: TestUser, slug = 'physics'): Promise<SubjectMastery> {
  const res = await f.req('GET', `/api/me/mastery/${slug}`, user.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** Answers the reader's one card right twice: through its learning steps into review, not due. */
async function practiseRight(user: TestUser) {
  const [card] = await p.cardRows(user)
  for (let i = 0; i < 2; i++) {
    const res = await p.review(user, card.id, RIGHT[card.question?.prompt ?? ''])
    expect(res.statusCode, res.body).toBe(200)
  }
}

describe('GET /api/me/mastery and /api/me/mastery/:subjectSlug', () => {
  it('needs a session (401)', async () => {
    for (const url of ['/api/me/mastery', '/api/me/mastery/physics']) {
      const res = await f.req('GET', url)
      expect(res.statusCode, url).toBe(401)
      expect(res.json().error.code).toBe('unauthorized')
    }
  })

  it('refuses a slug no subject could have (400, with the field) and answers 404 for a missing subject', async () => {
    const rosa = await reader('Rosa Slug')
    const long = await f.req('GET', `/api/me/mastery/${'x'.repeat(65)}`, rosa.cookie)
    expect(long.statusCode).toBe(400)
    expect(Object.keys(long.json().error.fields)).toEqual(['subjectSlug'])
    const missing = await f.req('GET', '/api/me/mastery/alchemy', rosa.cookie)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('That subject does not exist')
  })

  it('has no level before the first exam: an empty list, and the first step for the subject', async () => {
    const una = await reader('Una New')
    expect(await mastery(una)).toEqual([])
    expect(await subjectMastery(una)).toEqual({
      subject: { slug: 'physics', name: 'Physics' },
      level: null,
      exams: 0,
      averagePercent: null,
      cards: 0,
      remembered: 0,
      next: { level: 'attempted', steps: ['Take a Physics exam'] },
    })
  })

  it('gives Attempted, Familiar, Proficient and Mastered from hand-built results', async () => {
    const attempted = await reader('Arno Attempted')
    await p.takeExam(attempted, physicsA, NOTHING)
    expect(await subjectMastery(attempted)).toMatchObject({ level: 'attempted', exams: 1, averagePercent: 0 })

    // 50%, one card (the blank multiple choice) not remembered: Familiar, whatever the cards.
    const familiar = await reader('Fay Familiar')
    await p.takeExam(familiar, physicsA, HALF)
    expect(await subjectMastery(familiar)).toMatchObject({
      level: 'familiar',
      averagePercent: 50,
      cards: 1,
      remembered: 0,
      next: {
        level: 'proficient',
        steps: [
          'Bring your average best score in Physics to 70% or more (it is 50%): retake an exam or take another',
          'Practise until 1 more Physics card is remembered (0 of 1 now)',
        ],
      },
    })

    // 100% on one exam, no card: Proficient; Mastered needs a second exam.
    const proficient = await reader('Pia Proficient')
    await p.takeExam(proficient, physicsA, PERFECT)
    expect(await subjectMastery(proficient)).toMatchObject({
      level: 'proficient',
      exams: 1,
      averagePercent: 100,
      cards: 0,
      next: { level: 'mastered', steps: ['Take another Physics exam'] },
    })

    // The best attempt counts: 0% then 100% on A, 100% on B.
    const mastered = await reader('Max Mastered')
    await p.takeExam(mastered, physicsA, NOTHING)
    await p.takeExam(mastered, physicsA, PERFECT)
    await p.takeExam(mastered, physicsB, PERFECT)
    // Three cards from the first attempt, none remembered: Familiar despite 100% on both exams.
    expect(await subjectMastery(mastered)).toMatchObject({ level: 'familiar', averagePercent: 100, cards: 3 })
    await t.database.db
      .update(practiceCard)
      .set({ state: 2, due: new Date(Date.now() + 86_400_000) })
      .where(eq(practiceCard.userId, mastered.id))
    expect(await subjectMastery(mastered)).toMatchObject({
      level: 'mastered',
      exams: 2,
      averagePercent: 100,
      cards: 3,
      remembered: 3,
      next: null,
    })
  })

  it('lets practice lift a level: the missed question answered right through its learning steps', async () => {
    const lena = await reader('Lena Learner')
    await p.takeExam(lena, physicsA, PERFECT)
    await p.takeExam(lena, physicsB, MISS_SHORT)
    // 91.7% over two exams, but the one card is not remembered yet: Familiar.
    expect(await subjectMastery(lena)).toMatchObject({
      level: 'familiar',
      averagePercent: 91.7,
      cards: 1,
      remembered: 0,
    })
    await practiseRight(lena)
    const after = await subjectMastery(lena)
    expect(after).toMatchObject({ level: 'mastered', cards: 1, remembered: 1, next: null })
    expect(await mastery(lena)).toEqual([after])
  })

  it('counts a hidden-marks exam by its score only (always shown): its cards move no figure and no level', async () => {
    const hana = await reader('Hana Hidden')
    await p.takeExam(hana, hidden, MISS_SHORT)
    // The missed question is a card in the table, waiting unseen…
    expect(await p.cardRows(hana)).toHaveLength(1)
    const shown = { level: 'proficient', exams: 1, averagePercent: 83.3, cards: 0, remembered: 0 }
    expect(await subjectMastery(hana)).toMatchObject(shown)
    // …and even remembered it would say nothing.
    await t.database.db
      .update(practiceCard)
      .set({ state: 2, due: new Date(Date.now() + 86_400_000) })
      .where(eq(practiceCard.userId, hana.id))
    expect(await subjectMastery(hana)).toMatchObject(shown)
    expect(await mastery(hana)).toEqual([await subjectMastery(hana)])
  })

  it('leaves out the cards of an exam while an attempt at it runs', async () => {
    const rita = await reader('Rita Running')
    await p.takeExam(rita, physicsA, MISS_SHORT)
    expect(await subjectMastery(rita)).toMatchObject({ level: 'familiar', cards: 1 })
    await f.start(rita, physicsA)
    expect(await subjectMastery(rita)).toMatchObject({ level: 'proficient', cards: 0, exams: 1 })
  })

  it("answers only the reader's own levels, per subject, by subject name", async () => {
    const ana = await reader('Ana Own')
    const ben = await reader('Ben Other')
    await p.takeExam(ana, chemistry, PERFECT)
    await p.takeExam(ana, physicsA, NOTHING)
    await p.takeExam(ben, physicsA, HALF)
    const mine = await mastery(ana)
    expect(mine.map((m) => [m.subject.name, m.level])).toEqual([
      ['Chemistry', 'proficient'],
      ['Physics', 'attempted'],
    ])
    expect((await mastery(ben)).map((m) => [m.subject.name, m.level])).toEqual([['Physics', 'familiar']])
    // An admin reads their own (none), never anyone else's.
    const admin = await createUser(t, { name: 'Ada Other', role: 'admin' })
    expect(await mastery(admin)).toEqual([])
    expect((await subjectMastery(admin, 'chemistry')).level).toBeNull()
  })
})
