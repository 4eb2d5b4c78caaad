import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REVIEW_TIMINGS,
  type ReviewOptions,
  type ReviewPart,
  type ReviewTiming,
} from '#common/schemas/exam-review.ts'
import {
  ANSWER_KEYS,
  type ExamFixtures,
  examFixtures,
  findKeys,
  validExam,
} from '#server/modules/exams/exams.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { registeredRoutes } from '#server/test/registered-routes.ts'
import { type PracticeFixtures, practiceFixtures, RIGHT, WRONG } from './practice.fixtures.ts'
import { practiceRoutes } from './practice.routes.ts'

// Fair by construction (decision 049, after 012): for every review-option combination an author
// can save, a reader who missed every question walks every practice route. While an attempt
// remains, a card and its review carry right or not yet and nothing else; where the options hide
// the marks, no card is listed at all. After the last attempt, a review carries the right answers
// and the explanation only as the options show them. A new practice route fails this file until
// it is walked.

let t: TestApp
let f: ExamFixtures
let p: PracticeFixtures
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  p = practiceFixtures(t, f)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

/** The texts only the answers and the explanations hold. */
const ANSWER_TEXTS = ['Isaac Newton', ...validExam().questions.map((q) => q.explanation)]
const PART_KEYS: Record<Exclude<ReviewPart, 'correctness'>, string[]> = {
  answers: ['correctOptionIds', 'acceptedAnswers'],
  explanations: ['explanation'],
}

const OPENNESS: Record<ReviewTiming, number> = { after_each_attempt: 2, after_last_attempt: 1, never: 0 }
const COMBINATIONS: ReviewOptions[] = REVIEW_TIMINGS.flatMap((correctness) =>
  REVIEW_TIMINGS.flatMap((answers) =>
    REVIEW_TIMINGS.map((explanations) => ({ correctness, answers, explanations })),
  ),
).filter((o) => OPENNESS[o.correctness] >= OPENNESS[o.answers])

type Walked = { route: string; json: unknown }
const NO_LESSON = '00000000-0000-4000-8000-000000000000'

/** Every practice read, and a review of every listed card (right, then wrong). */
async function walk(reader: TestUser): Promise<Walked[]> {
  const at = async (route: string, url: string, method = 'GET', body?: unknown) => {
    const res = await t.request({ method: method as 'GET', url, cookie: reader.cookie, body })
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500)
    return { route, json: res.json() }
  }
  const due = await at('GET /api/practice/due', '/api/practice/due?limit=50')
  const walked = [
    due,
    await at('GET /api/practice/summary', '/api/practice/summary'),
    await at('GET /api/me/practice-settings', '/api/me/practice-settings'),
    await at('PATCH /api/me/practice-settings', '/api/me/practice-settings', 'PATCH', {
      targetRetention: 0.9,
    }),
    // A lesson's Key ideas: nothing of an exam's (a lesson that does not exist here).
    ...(await Promise.all(
      ['GET', 'POST', 'DELETE'].map((method) =>
        at(`${method} /api/practice/lessons/:postId`, `/api/practice/lessons/${NO_LESSON}`, method),
      ),
    )),
  ]
  for (const card of (due.json as { items: { id: string; prompt: string }[] }).items) {
    for (const answers of [RIGHT, WRONG]) {
      const url = `/api/practice/cards/${card.id}/review`
      walked.push(
        await at('POST /api/practice/cards/:cardId/review', url, 'POST', { answer: answers[card.prompt] }),
      )
    }
    // An exam card is answered, never graded: a 400 that says no more.
    const grade = `/api/practice/cards/${card.id}/grade`
    walked.push(await at('POST /api/practice/cards/:cardId/grade', grade, 'POST', { rating: 'easy' }))
  }
  return walked
}

/** Where any answer or explanation appears: its keys, or its texts anywhere. */
const leaks = (walked: Walked[], keys = ANSWER_KEYS) =>
  walked.flatMap(({ route, json }) => [
    ...findKeys(json, keys).map((path) => `${route} ${path}`),
    ...ANSWER_TEXTS.filter((text) => keys === ANSWER_KEYS && JSON.stringify(json).includes(text)).map(
      (text) => `${route} “${text}”`,
    ),
  ])

const reviews = (walked: Walked[]) =>
  walked
    .filter((w) => w.route === 'POST /api/practice/cards/:cardId/review')
    .map((w) => w.json as Record<string, unknown>)

describe('a practice card never shows what the exam still hides', () => {
  it('walks every route of the practice module', () => {
    expect(registeredRoutes(practiceRoutes).sort()).toEqual(
      [
        'GET /api/practice/due',
        'GET /api/practice/summary',
        'POST /api/practice/cards/:cardId/review',
        'POST /api/practice/cards/:cardId/grade',
        'GET /api/practice/lessons/:postId',
        'POST /api/practice/lessons/:postId',
        'DELETE /api/practice/lessons/:postId',
        'GET /api/me/practice-settings',
        'PATCH /api/me/practice-settings',
      ].sort(),
    )
  })

  it.each(COMBINATIONS)(
    'correctness $correctness, right answers $answers, explanations $explanations',
    { timeout: 60_000 },
    async (review) => {
      const examId = (await f.publishedExam(writer, admin, { attemptsAllowed: 2, review })).id
      const reader = await createUser(t, { name: 'Curious Reader' })

      // One attempt left: a card says right or not yet, and only if the marks show now.
      await p.takeExam(reader, examId, {})
      const first = await walk(reader)
      expect(leaks(first), 'with an attempt left').toEqual([])
      const listed = reviews(first)
      if (review.correctness === 'after_each_attempt') {
        expect(listed).toHaveLength(6)
        expect(listed.map((r) => r.correct)).toEqual([true, false, true, false, true, false])
        for (const r of listed) expect(r.withheld).toBe('attempts_left')
      } else {
        expect(listed, 'no card while the marks are hidden').toEqual([])
        expect((await p.cardRows(reader)).length, 'the cards wait in the table').toBe(3)
      }

      // The last attempt is in.
      await p.takeExam(reader, examId, {})
      const last = await walk(reader)
      const answered = reviews(last)
      if (review.correctness === 'never') {
        expect(answered).toEqual([])
        expect(leaks(last)).toEqual([])
        return
      }
      expect(answered).toHaveLength(6)
      for (const part of ['answers', 'explanations'] as const) {
        const found = leaks(last, PART_KEYS[part])
        if (review[part] === 'never') expect(found, part).toEqual([])
        else
          for (const r of answered)
            expect(
              PART_KEYS[part].every((k) => k in r),
              part,
            ).toBe(true)
      }
      const hidden = review.answers === 'never' || review.explanations === 'never'
      for (const r of answered) expect(r.withheld).toBe(hidden ? 'by_author' : null)
      // The cards themselves never carry them, whatever the options.
      expect(leaks(last.filter((w) => w.route !== 'POST /api/practice/cards/:cardId/review'))).toEqual([])
      if (review.explanations === 'never') {
        expect(
          last.filter((w) => ANSWER_TEXTS.slice(1).some((x) => JSON.stringify(w.json).includes(x))),
        ).toEqual([])
      }
    },
  )

  it('with unlimited attempts, a card never shows an answer', async () => {
    const examId = (
      await f.publishedExam(writer, admin, {
        attemptsAllowed: null,
        review: {
          correctness: 'after_each_attempt',
          answers: 'after_each_attempt',
          explanations: 'after_each_attempt',
        },
      })
    ).id
    const reader = await createUser(t, { name: 'Endless Reader' })
    for (let i = 0; i < 2; i++) {
      await p.takeExam(reader, examId, {})
      const walked = await walk(reader)
      expect(reviews(walked).length).toBeGreaterThan(0)
      expect(leaks(walked)).toEqual([])
    }
  })
})
