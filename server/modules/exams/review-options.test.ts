import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REVIEW_OPTIONS } from '#common/schemas/exam-review.ts'
import { exam } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import {
  ANSWER_KEYS,
  type ExamFixtures,
  examFixtures,
  findKeys,
  PERFECT,
  validExam,
} from './exams.fixtures.ts'

// The author's review options: saved with the exam, checked by the shared schema, and applied to
// the taker's results (what is shown now, and what the results say about the rest). The walk over
// every route for every combination is answer-leak.test.ts.

let t: TestApp
let f: ExamFixtures
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

const OPEN = {
  correctness: 'after_each_attempt',
  answers: 'after_each_attempt',
  explanations: 'after_each_attempt',
}
const CLOSED = { correctness: 'never', answers: 'never', explanations: 'never' }
const examCount = async () => (await t.database.db.select().from(exam)).length

async function takeOnce(who: TestUser, examId: string, answers: Record<string, unknown> = PERFECT) {
  const state = await f.start(who, examId)
  await f.answerAll(who, state, answers)
  expect((await f.submit(who, state.id)).statusCode).toBe(200)
  return state
}

describe('saving review options', () => {
  it('gives a new exam the safe defaults and returns them to the author', async () => {
    const created = await f.createExam(writer)
    expect(created.review).toEqual(DEFAULT_REVIEW_OPTIONS)
    expect(DEFAULT_REVIEW_OPTIONS).toEqual({
      correctness: 'after_last_attempt',
      answers: 'after_last_attempt',
      explanations: 'after_last_attempt',
    })
    const edit = await f.req('GET', `/api/exams/${created.id}/edit`, writer.cookie)
    expect(edit.json().review).toEqual(DEFAULT_REVIEW_OPTIONS)
  })

  it('gives an exam stored before the options existed the same defaults (the columns’ defaults)', async () => {
    const [row] = await t.database.db
      .insert(exam)
      .values({
        authorId: writer.id,
        subjectSlug: 'physics',
        title: 'Old exam',
        durationMinutes: 5,
        passMark: 50,
      })
      .returning()
    expect(row).toMatchObject({
      reviewCorrectness: 'after_last_attempt',
      reviewAnswers: 'after_last_attempt',
      reviewExplanations: 'after_last_attempt',
    })
    const edit = await f.req('GET', `/api/exams/${row.id}/edit`, writer.cookie)
    expect(edit.json().review).toEqual(DEFAULT_REVIEW_OPTIONS)
  })

  it('saves the chosen options on create and on edit', async () => {
    const review = { correctness: 'after_each_attempt', answers: 'after_last_attempt', explanations: 'never' }
    const created = await f.createExam(writer, { review })
    expect(created.review).toEqual(review)
    const res = await f.req('PUT', `/api/exams/${created.id}`, writer.cookie, validExam({ review: CLOSED }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().review).toEqual(CLOSED)
    const [stored] = await t.database.db.select().from(exam).where(eq(exam.id, created.id))
    expect(stored).toMatchObject({
      reviewCorrectness: 'never',
      reviewAnswers: 'never',
      reviewExplanations: 'never',
    })
  })

  it.each([
    [{ ...OPEN, answers: 'sometimes' }, 'review.answers'],
    [{ ...OPEN, explanations: true }, 'review.explanations'],
    [{ correctness: 'after_each_attempt' }, 'review.answers'],
    [true, 'review'],
    [[], 'review'],
    // The right answers show which answers were right: correctness may not come later.
    [{ ...OPEN, correctness: 'after_last_attempt' }, 'review.correctness'],
    [{ correctness: 'never', answers: 'after_last_attempt', explanations: 'never' }, 'review.correctness'],
  ])('refuses review %j with a message on %s and writes nothing', async (review, field) => {
    const before = await examCount()
    const res = await f.req('POST', '/api/exams', writer.cookie, validExam({ review }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toHaveProperty([field])
    expect(await examCount()).toBe(before)
  })
})

describe('results under the review options', () => {
  it('shows the score and my answers, and says what comes after my last attempt', async () => {
    const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: 2 })).id
    const taker = await createUser(t)
    await takeOnce(taker, examId, { 'Who wrote the Principia?': { text: 'Hooke' } })
    const first = (await f.req('GET', `/api/exams/${examId}/results`, taker.cookie)).json()
    expect(first.attempts[0]).toMatchObject({ score: 0, maxScore: 6, percent: 0, passed: false })
    expect(first.disclosure).toEqual({
      options: DEFAULT_REVIEW_OPTIONS,
      shown: { correctness: false, answers: false, explanations: false },
      attemptsLeft: 1,
    })
    const short = first.review.questions.find(
      (q: { prompt: string }) => q.prompt === 'Who wrote the Principia?',
    )
    expect(short).toEqual({
      id: expect.any(String),
      kind: 'short',
      prompt: 'Who wrote the Principia?',
      options: [],
      points: 1,
      partialCredit: false,
      myAnswer: { text: 'Hooke' },
    })

    await takeOnce(taker, examId)
    const last = (await f.req('GET', `/api/exams/${examId}/results`, taker.cookie)).json()
    expect(last.disclosure).toMatchObject({
      shown: { correctness: true, answers: true, explanations: true },
      attemptsLeft: 0,
    })
    expect(last.review.questions.find((q: { kind: string }) => q.kind === 'short')).toMatchObject({
      earned: 1,
      correct: true,
      acceptedAnswers: ['Isaac Newton', 'Newton'],
      explanation: 'Published in 1687.',
    })
  })

  it('shows only what is allowed after each attempt, and counts unlimited attempts as never the last', async () => {
    const review = { correctness: 'after_each_attempt', answers: 'never', explanations: 'after_last_attempt' }
    const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: null, review })).id
    const taker = await createUser(t)
    await takeOnce(taker, examId)
    const body = (await f.req('GET', `/api/exams/${examId}/results`, taker.cookie)).json()
    expect(body.disclosure).toEqual({
      options: review,
      shown: { correctness: true, answers: false, explanations: false },
      attemptsLeft: null,
    })
    expect(body.review.questions.every((q: { correct?: boolean }) => q.correct === true)).toBe(true)
    expect(findKeys(body, ANSWER_KEYS)).toEqual([])
  })

  it('shows the exam’s author and admins everything about their own attempts', async () => {
    const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: 3, review: CLOSED })).id
    for (const who of [writer, admin]) {
      await takeOnce(who, examId)
      const body = (await f.req('GET', `/api/exams/${examId}/results`, who.cookie)).json()
      expect(body.disclosure).toMatchObject({
        options: CLOSED,
        shown: { correctness: true, answers: true, explanations: true },
        attemptsLeft: 2,
      })
      expect(findKeys(body.review, ANSWER_KEYS).length).toBeGreaterThan(0)
    }
    // The author's statistics still rank the questions.
    const stats = (await f.req('GET', `/api/exams/${examId}/stats`, writer.cookie)).json()
    expect(stats.hardestQuestions).toHaveLength(3)
  })

  it('answers 401 signed out, 400 to a bad id and 404 to an exam nobody may see', async () => {
    const draft = await f.createExam(writer)
    const taker = await createUser(t)
    expect((await f.req('GET', `/api/exams/${draft.id}/results`)).statusCode).toBe(401)
    expect((await f.req('GET', '/api/exams/nope/results', taker.cookie)).statusCode).toBe(400)
    expect((await f.req('GET', `/api/exams/${draft.id}/results`, taker.cookie)).statusCode).toBe(404)
    const own = await f.req('GET', `/api/exams/${draft.id}/results`, writer.cookie)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ attempts: [], review: null, disclosure: { attemptsLeft: 2 } })
  })
})
