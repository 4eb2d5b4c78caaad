import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REVIEW_TIMINGS,
  type ReviewOptions,
  type ReviewPart,
  type ReviewTiming,
} from '#common/schemas/exam-review.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { registeredRoutes } from '#server/test/registered-routes.ts'
import { openSse } from '#server/test/sse.ts'
import { type ExamFixtures, examFixtures, findKeys, PERFECT, validExam } from './exams.fixtures.ts'
import { examAdminRoutes, examRoutes } from './exams.routes.ts'

// The never-leak rule after submission: for every review-option combination an author can save,
// a taker walks every route of the exams module and receives only the parts the options show
// now. With an attempt left, a part shown "after the last attempt" is nowhere; after the last
// attempt it appears in the results; a part shown "never" is nowhere, ever. Every route the module
// registers is walked or listed below with the reason it cannot carry this exam's answers.

let t: TestApp
let f: ExamFixtures
let base: string
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

/** Each part's keys in a response, and its texts, which no other field repeats. */
const PART_KEYS: Record<ReviewPart, string[]> = {
  correctness: ['correct', 'earned'],
  answers: ['correctOptionIds', 'acceptedAnswers'],
  explanations: ['explanation'],
}
const PART_TEXTS: Record<ReviewPart, string[]> = {
  correctness: [],
  answers: ['Isaac Newton'],
  explanations: validExam().questions.map((q) => q.explanation),
}
const PARTS = Object.keys(PART_KEYS) as ReviewPart[]

/** Every combination the schema accepts (the right answers never come before correctness). */
const OPENNESS: Record<ReviewTiming, number> = { after_each_attempt: 2, after_last_attempt: 1, never: 0 }
const COMBINATIONS: ReviewOptions[] = REVIEW_TIMINGS.flatMap((correctness) =>
  REVIEW_TIMINGS.flatMap((answers) =>
    REVIEW_TIMINGS.map((explanations) => ({ correctness, answers, explanations })),
  ),
).filter((o) => OPENNESS[o.correctness] >= OPENNESS[o.answers])

/** Routes that cannot carry another person's exam answers, and why. */
const NOT_WALKED: Record<string, string> = {
  'POST /api/exams': "answers with the caller's own new exam",
}

type Walked = { route: string; json: unknown }

/**
 * Everything a taker can ask about the exam and an attempt, without starting a new one; Submit
 * goes to an attempt already submitted (it answers with that attempt's result again).
 */
async function walkReads(
  taker: TestUser,
  examId: string,
  attemptId: string,
  submittedId = attemptId,
): Promise<Walked[]> {
  const at = async (route: string, url: string, method = route.split(' ')[0], body?: unknown) => {
    const res = await f.req(method as 'GET', url, taker.cookie, body)
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500)
    return { route, json: res.body ? res.json() : null }
  }
  return [
    await at('GET /api/exams', '/api/exams?limit=50'),
    await at('GET /api/search/exams', '/api/search/exams?q=forces'),
    await at('GET /api/exams/:examId', `/api/exams/${examId}`),
    await at('GET /api/exams/:examId/results', `/api/exams/${examId}/results`),
    await at('GET /api/me/exam-attempts', '/api/me/exam-attempts'),
    await at('GET /api/exams/:examId/leaderboard', `/api/exams/${examId}/leaderboard`),
    await at('GET /api/attempts/:attemptId', `/api/attempts/${attemptId}`),
    await at('POST /api/attempts/:attemptId/submit', `/api/attempts/${submittedId}/submit`),
    await at(
      'PUT /api/attempts/:attemptId/answers/:questionId',
      `/api/attempts/${attemptId}/answers/${attemptId}`,
      'PUT',
      { value: null },
    ),
    await at('POST /api/attempts/:attemptId/tab-switches', `/api/attempts/${attemptId}/tab-switches`),
    await at('GET /api/me/exams', '/api/me/exams'),
    // Someone else's exam: each of these is a 404 or a 403 for a taker, and must stay one.
    await at('GET /api/exams/:examId/edit', `/api/exams/${examId}/edit`),
    await at('GET /api/exams/:examId/stats', `/api/exams/${examId}/stats`),
    await at('GET /api/exams/:examId/statistics', `/api/exams/${examId}/statistics`),
    await at('GET /api/exams/:examId/statistics.csv', `/api/exams/${examId}/statistics.csv`),
    await at('PUT /api/exams/:examId', `/api/exams/${examId}`, 'PUT', validExam()),
    await at('POST /api/exams/:examId/submit', `/api/exams/${examId}/submit`),
    await at('DELETE /api/exams/:examId', `/api/exams/${examId}`),
    await at('GET /api/admin/exams/review', '/api/admin/exams/review'),
    await at('POST /api/admin/exams/:examId/approve', `/api/admin/exams/${examId}/approve`),
    await at('POST /api/admin/exams/:examId/reject', `/api/admin/exams/${examId}/reject`, 'POST', {
      reason: 'No',
    }),
  ]
}

/** The paths at which a part appears in any walked response (keys, or its texts anywhere). */
function leaks(walked: Walked[], part: ReviewPart): string[] {
  return walked.flatMap(({ route, json }) => [
    ...findKeys(json, PART_KEYS[part]).map((path) => `${route} ${path}`),
    ...PART_TEXTS[part]
      .filter((text) => JSON.stringify(json).includes(text))
      .map((text) => `${route} “${text}”`),
  ])
}

/** Whether a part is in the results' review: on every question, or none. */
function inReview(walked: Walked[], part: ReviewPart): boolean {
  const results = walked.find((w) => w.route === 'GET /api/exams/:examId/results')?.json as {
    review: { questions: Record<string, unknown>[] } | null
  }
  const present = results.review!.questions.map((q) => PART_KEYS[part].every((key) => key in q))
  expect(new Set(present).size, part).toBe(1)
  return present[0]
}

describe('never leaking the answers after submission', () => {
  it('walks every route of the exams module (or says why not)', () => {
    const walkedRoutes = new Set([
      'POST /api/exams/:examId/attempts',
      'GET /api/exams/:examId/leaderboard/stream',
      ...Object.keys(NOT_WALKED),
    ])
    const reads = [
      'GET /api/exams',
      'GET /api/search/exams',
      'GET /api/exams/:examId',
      'GET /api/exams/:examId/results',
      'GET /api/me/exam-attempts',
      'GET /api/exams/:examId/leaderboard',
      'GET /api/attempts/:attemptId',
      'POST /api/attempts/:attemptId/submit',
      'PUT /api/attempts/:attemptId/answers/:questionId',
      'POST /api/attempts/:attemptId/tab-switches',
      'GET /api/me/exams',
      'GET /api/exams/:examId/edit',
      'GET /api/exams/:examId/stats',
      'GET /api/exams/:examId/statistics',
      'GET /api/exams/:examId/statistics.csv',
      'PUT /api/exams/:examId',
      'POST /api/exams/:examId/submit',
      'DELETE /api/exams/:examId',
      'GET /api/admin/exams/review',
      'POST /api/admin/exams/:examId/approve',
      'POST /api/admin/exams/:examId/reject',
    ]
    for (const route of reads) walkedRoutes.add(route)
    expect([...walkedRoutes].sort()).toEqual(registeredRoutes(examRoutes, examAdminRoutes).sort())
  })

  it.each(COMBINATIONS)(
    'correctness $correctness, right answers $answers, explanations $explanations: shown only when allowed',
    { timeout: 60_000 },
    async (options) => {
      const { correctness, answers, explanations } = options
      const review = { correctness, answers, explanations }
      const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: 2, review })).id
      const taker = await createUser(t, { name: 'Curious Taker' })
      const first = await f.start(taker, examId)
      await f.answerAll(taker, first, { 'What is the SI unit of force?': { optionIds: ['a'] } })

      // The live leaderboard's frame on this submission is walked too.
      const stream = await openSse(`${base}/api/exams/${examId}/leaderboard/stream`, { cookie: taker.cookie })
      let frame: unknown
      try {
        expect((await f.submit(taker, first.id)).statusCode).toBe(200)
        frame = await stream.next()
      } finally {
        stream.close()
      }

      // One attempt left: only the parts shown after each attempt, anywhere.
      const afterFirst = [
        { route: 'GET /api/exams/:examId/leaderboard/stream', json: frame },
        ...(await walkReads(taker, examId, first.id)),
      ]
      for (const part of PARTS) {
        if (review[part] === 'after_each_attempt') expect(inReview(afterFirst, part), part).toBe(true)
        else expect(leaks(afterFirst, part), part).toEqual([])
      }

      // The second attempt gets the same questions: nothing in its start, state or saves either.
      const startRes = await f.req('POST', `/api/exams/${examId}/attempts`, taker.cookie)
      expect(startRes.statusCode).toBe(201)
      const second = startRes.json()
      const during = [
        { route: 'POST /api/exams/:examId/attempts', json: second },
        {
          route: 'PUT /api/attempts/:attemptId/answers/:questionId',
          json: (await f.answer(taker, second.id, second.questions[0].id, { optionIds: ['a'] }, true)).json(),
        },
        ...(await walkReads(taker, examId, second.id, first.id)),
      ]
      for (const part of PARTS) {
        if (review[part] !== 'after_each_attempt') expect(leaks(during, part), part).toEqual([])
      }
      await f.answerAll(taker, second, PERFECT)
      expect((await f.submit(taker, second.id)).statusCode).toBe(200)

      // The last attempt is in: what waited for it appears; what is never shown stays hidden.
      const afterLast = await walkReads(taker, examId, second.id)
      for (const part of PARTS) {
        if (review[part] === 'never') expect(leaks(afterLast, part), part).toEqual([])
        else expect(inReview(afterLast, part), part).toBe(true)
      }
    },
  )

  it('with unlimited attempts, "after the last attempt" never comes', async () => {
    const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: null })).id
    const taker = await createUser(t, { name: 'Persistent Taker' })
    for (let i = 0; i < 3; i++) {
      const state = await f.start(taker, examId)
      await f.answerAll(taker, state, PERFECT)
      await f.submit(taker, state.id)
      const walked = await walkReads(taker, examId, state.id)
      for (const part of PARTS) expect(leaks(walked, part), part).toEqual([])
    }
  })
})
