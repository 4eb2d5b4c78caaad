import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AttemptState } from '#common/schemas/exams.ts'
import { createTestClock } from '#server/clock.ts'
import { exam, examAnswer, examAttempt, examBest, notification } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import {
  ANSWER_KEYS,
  type ExamFixtures,
  examFixtures,
  findKeys,
  PERFECT,
  tfOptions,
  validExam,
} from './exams.fixtures.ts'
import { finalizeExpiredAttempts } from './finalize.service.ts'

const MINUTE = 60_000
const clock = createTestClock()
let t: TestApp
let f: ExamFixtures
let admin: TestUser
let writer: TestUser
let taker: TestUser
let examId: string
beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  f = examFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  taker = await createUser(t, { name: 'Tariq Taker' })
  examId = (await f.publishedExam(writer, admin, { attemptsAllowed: null })).id
})
afterAll(() => t.close())

const attemptRow = async (id: string) =>
  (await t.database.db.select().from(examAttempt).where(eq(examAttempt.id, id)))[0]
const byPrompt = (state: AttemptState, prompt: string) => state.questions.find((q) => q.prompt === prompt)!

/** A taker who has started the shared exam and nothing else. */
async function freshAttempt(): Promise<{ user: TestUser; state: AttemptState }> {
  const user = await createUser(t, { name: 'Fresh Taker' })
  return { user, state: await f.start(user, examId) }
}

describe('never leaking the answers', () => {
  it('sends no correct answer or explanation from any exam or attempt endpoint before submission', async () => {
    const user = await createUser(t, { name: 'Curious Taker' })
    const intro = await f.req('GET', `/api/exams/${examId}`, user.cookie)
    const started = await f.req('POST', `/api/exams/${examId}/attempts`, user.cookie)
    expect(started.statusCode).toBe(201)
    const state: AttemptState = started.json()
    const q = byPrompt(state, 'What is the SI unit of force?')
    const responses = [
      intro,
      started,
      await f.req('POST', `/api/exams/${examId}/attempts`, user.cookie),
      await f.req('GET', `/api/attempts/${state.id}`, user.cookie),
      await f.answer(user, state.id, q.id, { optionIds: ['a'] }, true),
      await f.req('GET', `/api/exams/${examId}/results`, user.cookie),
      await f.req('GET', `/api/exams/${examId}/leaderboard`, user.cookie),
      await f.req('GET', '/api/me/exam-attempts', user.cookie),
      await f.req('GET', '/api/exams?limit=50'),
      await f.req('GET', '/api/search/exams?q=forces'),
      await f.req('GET', `/api/exams/${examId}/edit`, user.cookie),
      await f.req('GET', `/api/exams/${examId}/stats`, user.cookie),
    ]
    for (const res of responses) {
      expect(findKeys(res.json(), ANSWER_KEYS), res.raw.req.url).toEqual([])
      expect(JSON.stringify(res.json())).not.toContain('One newton accelerates')
    }
    expect(responses[2].statusCode).toBe(200)
    expect(responses[2].json().id).toBe(state.id)
    expect(responses[4].statusCode, responses[4].body).toBe(200)
    const resumed = (await f.req('GET', `/api/attempts/${state.id}`, user.cookie)).json()
    expect(findKeys(resumed, ANSWER_KEYS)).toEqual([])
    expect(resumed.answers).toEqual([{ questionId: q.id, value: { optionIds: ['a'] }, flagged: true }])
    expect(responses[5].json().review).toBeNull()

    // After submission, with attempts left (unlimited here), the default review options still show
    // none: answer-leak.test.ts walks every route for every combination of options.
    await f.submit(user, state.id)
    const results = (await f.req('GET', `/api/exams/${examId}/results`, user.cookie)).json()
    expect(results.review.questions).toHaveLength(3)
    expect(findKeys(results, ANSWER_KEYS)).toEqual([])
    // The attempt's own state stays a taker's view even after submission.
    expect(
      findKeys((await f.req('GET', `/api/attempts/${state.id}`, user.cookie)).json(), ANSWER_KEYS),
    ).toEqual([])
  })

  it('withholds the review of a submitted attempt while another attempt is running', async () => {
    const { user, state } = await freshAttempt()
    await f.submit(user, state.id)
    expect((await f.req('GET', `/api/exams/${examId}/results`, user.cookie)).json().review).not.toBeNull()
    await f.start(user, examId)
    const results = (await f.req('GET', `/api/exams/${examId}/results`, user.cookie)).json()
    expect(results.attempts).toHaveLength(1)
    expect(results.review).toBeNull()
  })
})

describe('starting', () => {
  it('creates an attempt with the server’s deadline and returns the running one on a second Start', async () => {
    const user = await createUser(t)
    const state = await f.start(user, examId)
    expect(state).toMatchObject({ examId, status: 'in_progress', answers: [] })
    expect(new Date(state.deadline).getTime() - new Date(state.startedAt).getTime()).toBe(10 * MINUTE)
    expect(state.serverNow).toBe(clock.now().toISOString())
    expect(state.questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'short'])
    clock.advance(MINUTE)
    const again = await f.req('POST', `/api/exams/${examId}/attempts`, user.cookie)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ id: state.id, serverNow: clock.now().toISOString() })
  })

  it('creates only one attempt when two Starts arrive at once', async () => {
    const user = await createUser(t)
    const results = await Promise.all(
      [1, 2, 3].map(() => f.req('POST', `/api/exams/${examId}/attempts`, user.cookie)),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201])
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1)
    const rows = await t.database.db.select().from(examAttempt).where(eq(examAttempt.userId, user.id))
    expect(rows).toHaveLength(1)
  })

  it('refuses attempts beyond the allowed number', async () => {
    const limited = await f.publishedExam(writer, admin, { attemptsAllowed: 1 })
    const user = await createUser(t)
    const first = await f.start(user, limited.id)
    await f.submit(user, first.id)
    const refused = await f.req('POST', `/api/exams/${limited.id}/attempts`, user.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toMatch(/used all 1/)
    expect((await f.req('GET', `/api/exams/${limited.id}`, user.cookie)).json()).toMatchObject({
      myAttempts: 1,
      attemptsLeft: 0,
    })
  })

  it('refuses exams that are not published: 404 to others, 409 to the author', async () => {
    const draft = await f.createExam(writer)
    expect((await f.req('POST', `/api/exams/${draft.id}/attempts`, taker.cookie)).statusCode).toBe(404)
    expect((await f.req('POST', `/api/exams/${draft.id}/attempts`, writer.cookie)).statusCode).toBe(409)
    expect((await f.req('POST', `/api/exams/${randomUUID()}/attempts`, taker.cookie)).statusCode).toBe(404)
  })

  it('draws N of M questions and shuffles options, never a true/false pair', async () => {
    const drawn = await f.publishedExam(writer, admin, {
      drawCount: 2,
      shuffleQuestions: true,
      shuffleOptions: true,
      questions: [
        ...validExam().questions,
        {
          kind: 'true_false',
          prompt: 'Mass is a vector.',
          options: tfOptions,
          correctOptionIds: ['false'],
          points: 1,
        },
      ],
    })
    for (let i = 0; i < 5; i++) {
      const user = await createUser(t)
      const state = await f.start(user, drawn.id)
      expect(state.questions).toHaveLength(2)
      const tf = state.questions.find((q) => q.kind === 'true_false')
      if (tf) expect(tf.options.map((o) => o.id)).toEqual(['true', 'false'])
      const row = await attemptRow(state.id)
      expect(row.maxScore).toBe(state.questions.reduce((s, q) => s + q.points, 0))
    }
  })
})

describe('an edit while an attempt runs', () => {
  it('leaves the running attempt its own questions and scoring, and lets it resume', async () => {
    const e = await f.publishedExam(writer, admin, { title: 'Edited mid-attempt', attemptsAllowed: null })
    const user = await createUser(t)
    const state = await f.start(user, e.id)
    await f.answerAll(user, state, { 'What is the SI unit of force?': { optionIds: ['b'] } })
    // The author changes the answer to question 1 and removes the others: version 2, back to review.
    const edited = await f.req('PUT', `/api/exams/${e.id}`, writer.cookie, {
      ...validExam({ title: 'Edited mid-attempt' }),
      questions: [{ ...validExam().questions[0], correctOptionIds: ['a'] }],
    })
    expect(edited.json()).toMatchObject({ version: 2, status: 'pending' })
    // Not published any more, but the running attempt still resumes, by Start or by id.
    const resumed = await f.req('POST', `/api/exams/${e.id}/attempts`, user.cookie)
    expect(resumed.statusCode).toBe(200)
    expect(resumed.json().questions).toHaveLength(3)
    expect((await f.req('GET', `/api/exams/${e.id}`, user.cookie)).json().inProgressAttemptId).toBe(state.id)
    const result = (await f.submit(user, state.id)).json()
    expect(result).toMatchObject({ examVersion: 1, score: 2, maxScore: 6 })
    // Others cannot find it while it waits for review.
    expect((await f.req('GET', `/api/exams/${e.id}`, taker.cookie)).statusCode).toBe(404)
    expect((await f.req('GET', `/api/exams/${e.id}/leaderboard`, taker.cookie)).statusCode).toBe(404)
    expect((await f.req('GET', `/api/exams/${e.id}/results`, user.cookie)).statusCode).toBe(200)
  })
})

describe('saving answers', () => {
  it('keeps the last write, flags included', async () => {
    const { user, state } = await freshAttempt()
    const q = byPrompt(state, 'Which are vectors?')
    await f.answer(user, state.id, q.id, { optionIds: ['a'] })
    const res = await f.answer(user, state.id, q.id, { optionIds: ['c', 'a', 'c'] }, true)
    expect(res.json()).toEqual({ questionId: q.id, value: { optionIds: ['c', 'a'] }, flagged: true })
    const rows = await t.database.db.select().from(examAnswer).where(eq(examAnswer.attemptId, state.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ value: { optionIds: ['c', 'a'] }, flagged: true })
  })

  it('keeps exactly one row with one of the values when saves race', async () => {
    const { user, state } = await freshAttempt()
    const q = byPrompt(state, 'Who wrote the Principia?')
    const values = ['Newton', 'Leibniz', 'Hooke', 'Halley', 'Kepler', 'Galileo']
    const results = await Promise.all(values.map((text) => f.answer(user, state.id, q.id, { text })))
    expect(results.map((r) => r.statusCode)).toEqual(values.map(() => 200))
    const rows = await t.database.db.select().from(examAnswer).where(eq(examAnswer.attemptId, state.id))
    expect(rows).toHaveLength(1)
    expect(values).toContain((rows[0].value as { text: string }).text)
  })

  it('refuses values that do not fit the question, and writes nothing', async () => {
    const { user, state } = await freshAttempt()
    const single = byPrompt(state, 'What is the SI unit of force?')
    const short = byPrompt(state, 'Who wrote the Principia?')
    const bad: Array<[string, unknown]> = [
      [single.id, { text: 'Newton' }],
      [single.id, { optionIds: ['a', 'b'] }],
      [single.id, { optionIds: ['z'] }],
      [short.id, { optionIds: ['a'] }],
      [short.id, { text: 'x'.repeat(201) }],
      [short.id, { nonsense: true }],
    ]
    for (const [questionId, value] of bad) {
      const res = await f.answer(user, state.id, questionId, value)
      expect(res.statusCode, JSON.stringify(value)).toBe(400)
      expect(res.json().error.fields).toBeDefined()
    }
    expect(await t.database.db.select().from(examAnswer).where(eq(examAnswer.attemptId, state.id))).toEqual(
      [],
    )
  })

  it('answers 404 for someone else’s attempt and for a question not in the attempt', async () => {
    const { user, state } = await freshAttempt()
    const q = state.questions[0]
    expect((await f.answer(taker, state.id, q.id, null)).statusCode).toBe(404)
    expect((await f.answer(user, state.id, randomUUID(), null)).statusCode).toBe(404)
    expect((await f.req('GET', `/api/attempts/${state.id}`, taker.cookie)).statusCode).toBe(404)
    expect((await f.submit(taker, state.id)).statusCode).toBe(404)
    expect((await f.req('POST', `/api/attempts/${state.id}/tab-switches`, taker.cookie)).statusCode).toBe(404)
  })

  it('refuses a save after the deadline, and the final score ignores it', async () => {
    const { user, state } = await freshAttempt()
    const single = byPrompt(state, 'What is the SI unit of force?')
    await f.answer(user, state.id, single.id, { optionIds: ['a'] })
    clock.advance(10 * MINUTE)
    const late = await f.answer(user, state.id, single.id, { optionIds: ['b'] })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toMatch(/Time is up/)
    const result = (await f.submit(user, state.id)).json()
    expect(result).toMatchObject({
      score: 0,
      percent: 0,
      passed: false,
      autoSubmitted: true,
      durationSeconds: 600,
    })
    const [row] = await t.database.db.select().from(examAnswer).where(eq(examAnswer.attemptId, state.id))
    expect(row.value).toEqual({ optionIds: ['a'] })
  })

  it('refuses a save after submission', async () => {
    const { user, state } = await freshAttempt()
    await f.submit(user, state.id)
    const res = await f.answer(user, state.id, state.questions[0].id, null)
    expect(res.statusCode).toBe(409)
  })
})

describe('submitting', () => {
  it('scores, is idempotent, counts once, and tells the author', async () => {
    const [before] = await t.database.db.select().from(exam).where(eq(exam.id, examId))
    const { user, state } = await freshAttempt()
    await f.answerAll(user, state, {
      'What is the SI unit of force?': { optionIds: ['b'] },
      'Which are vectors?': { optionIds: ['a', 'b', 'c'] },
    })
    clock.advance(90_000)
    const first = await f.submit(user, state.id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      // 2 for the single choice, 1.5 + 1.5 - 1.5 for the partial-credit multiple choice.
      score: 3.5,
      maxScore: 6,
      percent: 58.3,
      passed: true,
      autoSubmitted: false,
      durationSeconds: 90,
      number: 1,
    })
    clock.advance(MINUTE)
    const second = await f.submit(user, state.id)
    expect(second.json()).toEqual(first.json())
    const [after] = await t.database.db.select().from(exam).where(eq(exam.id, examId))
    expect(after.attemptCount).toBe(before.attemptCount + 1)
    expect(after.percentSum).toBeCloseTo(before.percentSum + 58.3, 3)
    const notes = await t.database.db.select().from(notification).where(eq(notification.writerId, writer.id))
    expect(
      notes.filter(
        (n) => n.kind === 'exam_finished' && n.message === 'Fresh Taker finished “Forces and motion”: 58.3%',
      ),
    ).toHaveLength(1)
    expect(notes.find((n) => n.kind === 'exam_finished')?.link).toBe(`/exams?tab=mine&stats=${examId}`)
  })

  it('scores once when two submits arrive at once', async () => {
    const [before] = await t.database.db.select().from(exam).where(eq(exam.id, examId))
    const { user, state } = await freshAttempt()
    await f.answerAll(user, state, PERFECT)
    const [a, b] = await Promise.all([f.submit(user, state.id), f.submit(user, state.id)])
    expect(a.statusCode).toBe(200)
    expect(b.json()).toEqual(a.json())
    const [after] = await t.database.db.select().from(exam).where(eq(exam.id, examId))
    expect(after.attemptCount).toBe(before.attemptCount + 1)
  })

  it('does not notify an author taking their own exam', async () => {
    const own = await f.publishedExam(writer, admin, { title: 'My own quiz' })
    const state = await f.start(writer, own.id)
    await f.submit(writer, state.id)
    const notes = await t.database.db.select().from(notification).where(eq(notification.writerId, writer.id))
    expect(notes.some((n) => n.kind === 'exam_finished' && n.message.includes('My own quiz'))).toBe(false)
  })

  it('keeps the best attempt per person: higher score, or the same score faster', async () => {
    const user = await createUser(t, { name: 'Improving Taker' })
    const run = async (answers: Record<string, unknown>, seconds: number) => {
      const state = await f.start(user, examId)
      await f.answerAll(user, state, answers)
      clock.advance(seconds * 1000)
      return (await f.submit(user, state.id)).json()
    }
    const best = async () =>
      (await t.database.db.select().from(examBest).where(eq(examBest.userId, user.id)))[0]
    const a = await run({ 'What is the SI unit of force?': { optionIds: ['b'] } }, 100)
    expect(await best()).toMatchObject({ attemptId: a.id, score: 2, durationMs: 100_000 })
    await run({}, 10)
    expect((await best()).attemptId).toBe(a.id)
    const c = await run({ 'What is the SI unit of force?': { optionIds: ['b'] } }, 50)
    expect(await best()).toMatchObject({ attemptId: c.id, durationMs: 50_000 })
    const d = await run(PERFECT, 200)
    expect(await best()).toMatchObject({ attemptId: d.id, score: 6, percent: 100 })
  })
})

describe('tab switches', () => {
  it('counts while the attempt runs, ignores them afterwards, and shows them only to the author', async () => {
    const { user, state } = await freshAttempt()
    for (let i = 0; i < 3; i++) {
      expect((await f.req('POST', `/api/attempts/${state.id}/tab-switches`, user.cookie)).statusCode).toBe(
        204,
      )
    }
    await f.submit(user, state.id)
    await f.req('POST', `/api/attempts/${state.id}/tab-switches`, user.cookie)
    expect((await attemptRow(state.id)).tabSwitches).toBe(3)

    const takerViews = [
      await f.req('GET', `/api/attempts/${state.id}`, user.cookie),
      await f.req('GET', `/api/exams/${examId}/results`, user.cookie),
      await f.req('GET', `/api/exams/${examId}/leaderboard`, user.cookie),
      await f.req('GET', `/api/exams/${examId}`, user.cookie),
      await f.req('GET', '/api/me/exam-attempts', user.cookie),
      await f.submit(user, state.id),
    ]
    for (const res of takerViews) expect(findKeys(res.json(), ['tabSwitches']), res.raw.req.url).toEqual([])
    expect((await f.req('GET', `/api/exams/${examId}/stats`, user.cookie)).statusCode).toBe(404)
    const stats = (await f.req('GET', `/api/exams/${examId}/stats`, writer.cookie)).json()
    expect(stats.recentAttempts.find((a: { id: string }) => a.id === state.id)).toMatchObject({
      tabSwitches: 3,
    })
    expect((await f.req('GET', `/api/exams/${examId}/stats`, admin.cookie)).statusCode).toBe(200)
  })
})

describe('finalising at the deadline', () => {
  it('finalises an attempt past its deadline on its next read, scoring what was saved', async () => {
    const { user, state } = await freshAttempt()
    await f.answerAll(user, state, { 'What is the SI unit of force?': { optionIds: ['b'] } })
    clock.advance(10 * MINUTE + 1)
    const read = (await f.req('GET', `/api/attempts/${state.id}`, user.cookie)).json()
    expect(read.status).toBe('submitted')
    const row = await attemptRow(state.id)
    expect(row).toMatchObject({ autoSubmitted: true, score: 2, percent: 33.3, passed: false })
    expect(row.submittedAt?.getTime()).toBe(new Date(state.deadline).getTime())
  })

  it('finalises on the intro, results and leaderboard reads too', async () => {
    for (const path of ['', '/results', '/leaderboard']) {
      const { user, state } = await freshAttempt()
      clock.advance(11 * MINUTE)
      const res = await f.req('GET', `/api/exams/${examId}${path}`, user.cookie)
      expect(res.statusCode).toBe(200)
      expect((await attemptRow(state.id)).autoSubmitted, path).toBe(true)
    }
  })

  it('lets a new attempt start once the old one has run out', async () => {
    const { user, state } = await freshAttempt()
    clock.advance(11 * MINUTE)
    const next = await f.req('POST', `/api/exams/${examId}/attempts`, user.cookie)
    expect(next.statusCode).toBe(201)
    expect(next.json().id).not.toBe(state.id)
    expect((await attemptRow(state.id)).autoSubmitted).toBe(true)
  })

  it('finalises every expired attempt in the sweep, and leaves running ones alone', async () => {
    const expired = await Promise.all([freshAttempt(), freshAttempt()])
    clock.advance(11 * MINUTE)
    const running = await freshAttempt()
    const finalised = await finalizeExpiredAttempts(t.app.ctx)
    expect(finalised).toBeGreaterThanOrEqual(2)
    for (const { state } of expired) expect((await attemptRow(state.id)).submittedAt).not.toBeNull()
    expect((await attemptRow(running.state.id)).submittedAt).toBeNull()
    expect(await finalizeExpiredAttempts(t.app.ctx)).toBe(0)
  })
})
