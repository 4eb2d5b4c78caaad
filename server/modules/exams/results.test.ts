import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEADERBOARD_SIZE } from '#common/constants.ts'

import { createTestClock } from '#server/clock.ts'
import { examAttempt, examBest, user } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ExamFixtures, examFixtures, PERFECT } from './exams.fixtures.ts'

const clock = createTestClock()
let t: TestApp
let f: ExamFixtures
let admin: TestUser
let writer: TestUser
let takers: Record<'ann' | 'ben' | 'cat' | 'dan', TestUser>
let examId: string
beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  f = examFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  takers = {
    ann: await createUser(t, { name: 'Ann' }),
    ben: await createUser(t, { name: 'Ben' }),
    cat: await createUser(t, { name: 'Cat' }),
    dan: await createUser(t, { name: 'Dan' }),
  }
  // Review options that show everything after each attempt: this file checks the review's content.
  const review = {
    correctness: 'after_each_attempt',
    answers: 'after_each_attempt',
    explanations: 'after_each_attempt',
  }
  examId = (await f.publishedExam(writer, admin, { attemptsAllowed: null, review })).id
  // Ann and Ben: perfect in 60 s (a tie); Cat: perfect in 90 s; Dan: one question right in 30 s.
  const take = async (who: TestUser, answers: Record<string, unknown>, seconds: number) => {
    const state = await f.start(who, examId)
    await f.answerAll(who, state, answers)
    clock.advance(seconds * 1000)
    expect((await f.submit(who, state.id)).statusCode).toBe(200)
  }
  await take(takers.ann, PERFECT, 60)
  await take(takers.ben, PERFECT, 60)
  await take(takers.cat, PERFECT, 90)
  await take(takers.dan, { 'What is the SI unit of force?': { optionIds: ['b'] } }, 30)
})
afterAll(() => t.close())

describe('my results', () => {
  it('lists my attempts newest first and reviews the latest one question by question', async () => {
    const { dan } = takers
    const second = await f.start(dan, examId)
    await f.answerAll(dan, second, {
      'Which are vectors?': { optionIds: ['a'] },
      'Who wrote the Principia?': { text: 'Hooke' },
    })
    clock.advance(45_000)
    await f.submit(dan, second.id)
    const res = await f.req('GET', `/api/exams/${examId}/results`, dan.cookie)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.exam).toMatchObject({ id: examId, title: 'Forces and motion', questionCount: 3 })
    expect(body.attempts.map((a: { number: number; score: number }) => [a.number, a.score])).toEqual([
      [2, 1.5],
      [1, 2],
    ])
    expect(body.attempts[0]).toMatchObject({ maxScore: 6, percent: 25, passed: false, durationSeconds: 45 })
    expect(body.review.attemptId).toBe(second.id)
    const byPrompt = Object.fromEntries(body.review.questions.map((q: { prompt: string }) => [q.prompt, q]))
    expect(byPrompt['What is the SI unit of force?']).toMatchObject({
      myAnswer: null,
      earned: 0,
      correct: false,
      correctOptionIds: ['b'],
      explanation: 'One newton accelerates one kilogram at one metre per second squared.',
    })
    expect(byPrompt['Which are vectors?']).toMatchObject({
      myAnswer: { optionIds: ['a'] },
      earned: 1.5,
      correct: false,
      partialCredit: true,
    })
    expect(byPrompt['Who wrote the Principia?']).toMatchObject({
      myAnswer: { text: 'Hooke' },
      acceptedAnswers: ['Isaac Newton', 'Newton'],
      correct: false,
    })
  })

  it('has no attempts and no review for someone who never took it', async () => {
    const res = await f.req('GET', `/api/exams/${examId}/results`, writer.cookie)
    expect(res.json()).toMatchObject({ attempts: [], review: null })
    expect((await f.req('GET', `/api/exams/${randomUUID()}/results`, writer.cookie)).statusCode).toBe(404)
  })

  it('lists my attempts at every exam, newest first, page by page', async () => {
    const first = (await f.req('GET', '/api/me/exam-attempts?limit=1', takers.dan.cookie)).json()
    expect(first.items).toHaveLength(1)
    expect(first.items[0]).toMatchObject({ number: 2, exam: { id: examId, author: { id: writer.id } } })
    const next = (
      await f.req('GET', `/api/me/exam-attempts?limit=1&cursor=${first.nextCursor}`, takers.dan.cookie)
    ).json()
    expect(next.items[0].number).toBe(1)
    expect(next.nextCursor).toBeNull()
  })
})

describe('author statistics', () => {
  it('counts attempts, takers, average and pass rate, and ranks the hardest questions', async () => {
    const res = await f.req('GET', `/api/exams/${examId}/stats`, writer.cookie)
    expect(res.statusCode).toBe(200)
    const stats = res.json()
    // Scores: 100, 100, 100, 33.3 and Dan's second 25.
    expect(stats).toMatchObject({ attempts: 5, takers: 4, averagePercent: 71.7, passRate: 60 })
    expect(stats.exam).toMatchObject({ id: examId, status: 'published', attempts: 5 })
    // Missed most often first; equal rates keep the exam's order.
    expect(
      stats.hardestQuestions.map((q: { prompt: string; correctRate: number }) => [q.prompt, q.correctRate]),
    ).toEqual([
      ['Which are vectors?', 60],
      ['Who wrote the Principia?', 60],
      ['What is the SI unit of force?', 80],
    ])
    expect(stats.recentAttempts[0]).toMatchObject({ user: { name: 'Dan' }, percent: 25, tabSwitches: 0 })
    expect((await f.req('GET', `/api/exams/${examId}/stats`, takers.ann.cookie)).statusCode).toBe(404)
  })
})

describe('leaderboard', () => {
  it('ranks by score then time, ties sharing a rank, with my row', async () => {
    const res = await f.req('GET', `/api/exams/${examId}/leaderboard`, takers.cat.cookie)
    expect(res.statusCode).toBe(200)
    const board = res.json()
    expect(board.rows.map((r: { rank: number; user: { name: string } }) => [r.rank, r.user.name])).toEqual([
      [1, expect.stringMatching(/^(Ann|Ben)$/)],
      [1, expect.stringMatching(/^(Ann|Ben)$/)],
      [3, 'Cat'],
      [4, 'Dan'],
    ])
    expect(board.rows[2]).toMatchObject({ score: 6, percent: 100, durationSeconds: 90 })
    // Dan's best stays his first attempt (2 points beats 1.5).
    expect(board.rows[3]).toMatchObject({ score: 2, durationSeconds: 30 })
    expect(board.me).toMatchObject({ rank: 3, user: { id: takers.cat.id } })
    expect(board.total).toBe(4)
    expect((await f.req('GET', `/api/exams/${examId}/leaderboard`)).json().me).toBeNull()
  })

  it('shows the top 100 and my true rank far below them', async () => {
    // 105 people faster than everyone, written straight into the tables.
    const ids = Array.from({ length: 105 }, () => randomUUID())
    await t.database.db
      .insert(user)
      .values(ids.map((id, i) => ({ id, name: `Speedy ${i}`, email: `speedy-${id}@example.com` })))
    const now = clock.now()
    const attempts = await t.database.db
      .insert(examAttempt)
      .values(
        ids.map((userId) => ({
          examId,
          userId,
          number: 1,
          examVersion: 1,
          questions: [],
          startedAt: now,
          deadline: now,
          submittedAt: now,
          score: 6,
          maxScore: 6,
          percent: 100,
          passed: true,
        })),
      )
      .returning({ id: examAttempt.id, userId: examAttempt.userId })
    await t.database.db.insert(examBest).values(
      attempts.map((a, i) => ({
        examId,
        examVersion: 1,
        userId: a.userId,
        attemptId: a.id,
        score: 6,
        percent: 100,
        durationMs: 1000 + (i % 20) * 1000,
        submittedAt: now,
      })),
    )
    const board = (await f.req('GET', `/api/exams/${examId}/leaderboard`, takers.dan.cookie)).json()
    expect(board.rows).toHaveLength(LEADERBOARD_SIZE)
    expect(board.total).toBe(109)
    const ranks = board.rows.map((r: { rank: number }) => r.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    // Six people share each duration of 1–5 s, five each of 6–20 s: ranks go 1, 7, 13…
    expect(ranks.slice(0, 8)).toEqual([1, 1, 1, 1, 1, 1, 7, 7])
    expect(board.me).toMatchObject({ rank: 109, user: { id: takers.dan.id }, score: 2 })
    const ann = (await f.req('GET', `/api/exams/${examId}/leaderboard`, takers.ann.cookie)).json()
    expect(ann.me.rank).toBe(106)

    // The total is a counter kept by a trigger: people leaving (their best rows go by cascade) count too.
    await t.database.db.delete(user).where(inArray(user.id, ids.slice(0, 10)))
    const after = (await f.req('GET', `/api/exams/${examId}/leaderboard`, takers.dan.cookie)).json()
    expect(after.total).toBe(99)
    expect(after.me).toMatchObject({ rank: 99, user: { id: takers.dan.id } })
  })
})
