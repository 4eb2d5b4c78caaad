import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { AttemptState } from '#common/schemas/exams.ts'
import type { ExamPracticeCard, PracticeDuePage, PracticeSummary } from '#common/schemas/practice.ts'
import { practiceCard } from '#server/db/schema/index.ts'
import { type ExamFixtures, examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'

// Shared by the practice module's tests: an exam taken with mistakes, and the practice routes.

/** Wrong on the single choice, half right on the multiple (partial credit), the short one blank. */
export const MISTAKES = {
  'What is the SI unit of force?': { optionIds: ['a'] },
  'Which are vectors?': { optionIds: ['a'] },
}

/** The right answers to validExam(), by prompt, as a card takes them. */
export const RIGHT: Record<string, unknown> = {
  'What is the SI unit of force?': { optionIds: ['b'] },
  'Which are vectors?': { optionIds: ['a', 'c'] },
  'Who wrote the Principia?': { text: 'Newton' },
}
/** A wrong answer to each of validExam()'s questions. */
export const WRONG: Record<string, unknown> = {
  'What is the SI unit of force?': { optionIds: ['c'] },
  'Which are vectors?': { optionIds: ['b'] },
  'Who wrote the Principia?': { text: 'Galileo' },
}

export type PracticeFixtures = ReturnType<typeof practiceFixtures>

export function practiceFixtures(t: TestApp, exams: ExamFixtures = examFixtures(t)) {
  const { req } = exams

  /** The due page, flashcards included. */
  async function dueAll(user: TestUser, query = ''): Promise<PracticeDuePage> {
    const res = await req('GET', `/api/practice/due${query}`, user.cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  /** The due page's exam questions (the exam tests have no flashcards; `total` counts every card). */
  async function due(user: TestUser, query = '') {
    const page = await dueAll(user, query)
    const items = page.items.filter((c): c is ExamPracticeCard => c.source === 'exam_question')
    return { ...page, items }
  }

  async function summary(user: TestUser): Promise<PracticeSummary> {
    const res = await req('GET', '/api/practice/summary', user.cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  const review = (user: TestUser, cardId: string, answer: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/practice/cards/${cardId}/review`,
      cookie: user.cookie,
      body: { answer },
    })

  /** Starts an attempt, answers `answers` by prompt and submits it. */
  async function takeExam(user: TestUser, examId: string, answers: Record<string, unknown> = MISTAKES) {
    const state: AttemptState = await exams.start(user, examId)
    await exams.answerAll(user, state, answers)
    const res = await exams.submit(user, state.id)
    expect(res.statusCode, res.body).toBe(200)
    return state
  }

  /** The reader's card rows, straight from the table (held ones included). */
  const cardRows = (user: TestUser) =>
    t.database.db.select().from(practiceCard).where(eq(practiceCard.userId, user.id))

  return { due, dueAll, summary, review, takeExam, cardRows }
}
