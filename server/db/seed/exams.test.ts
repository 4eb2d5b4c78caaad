import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exam, examAttempt, examBest, examQuestion } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { seedExams } from './exams.ts'

let t: TestApp
let admin: TestUser
let writers: TestUser[]
let readers: TestUser[]
let ids: string[]
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writers = [await createUser(t, { name: 'Grace' }), await createUser(t, { name: 'Priya' })]
  readers = [
    await createUser(t, { name: 'Hannah' }),
    await createUser(t, { name: 'Tomás' }),
    await createUser(t, { name: 'Mei' }),
    writers[1],
  ]
  ids = await seedExams(t.app.ctx, {
    adminId: admin.id,
    writerIds: writers.map((w) => w.id),
    readerIds: readers.map((r) => r.id),
  })
})
afterAll(() => t.close())

describe('seedExams', () => {
  it('publishes three exams in different subjects, with 5–8 explained questions each', async () => {
    const rows = await t.database.db.select().from(exam)
    expect(rows).toHaveLength(3)
    expect(rows.map((r) => r.subjectSlug).sort()).toEqual(['computer-science', 'mathematics', 'physics'])
    for (const row of rows) {
      expect(row.status).toBe('published')
      expect(row.publishedAt!.getTime()).toBeLessThan(Date.now())
      const questions = await t.database.db.select().from(examQuestion).where(eq(examQuestion.examId, row.id))
      expect(questions.length).toBeGreaterThanOrEqual(5)
      expect(questions.length).toBeLessThanOrEqual(8)
      expect(questions.every((q) => q.explanation.length > 20)).toBe(true)
      expect(new Set(questions.map((q) => q.kind)).size).toBeGreaterThanOrEqual(3)
    }
  })

  it('leaves submitted attempts from the readers, never by an exam’s own author', async () => {
    const attempts = await t.database.db.select().from(examAttempt)
    expect(attempts.length).toBeGreaterThanOrEqual(9)
    expect(attempts.every((a) => a.submittedAt && a.score !== null && !a.autoSubmitted)).toBe(true)
    const authors = new Map((await t.database.db.select().from(exam)).map((e) => [e.id, e.authorId]))
    expect(attempts.some((a) => a.userId === authors.get(a.examId))).toBe(false)
    expect(new Set(attempts.map((a) => a.percent)).size).toBeGreaterThan(2)
  })

  it('makes the room and the leaderboards alive', async () => {
    const room = (await t.request({ method: 'GET', url: '/api/exams' })).json()
    expect(room.items).toHaveLength(3)
    expect(
      room.items.every(
        (c: { attempts: number; averagePercent: number }) => c.attempts >= 3 && c.averagePercent > 0,
      ),
    ).toBe(true)
    for (const id of ids) {
      const board = (
        await t.request({ method: 'GET', url: `/api/exams/${id}/leaderboard`, cookie: readers[0].cookie })
      ).json()
      expect(board.rows.length).toBeGreaterThanOrEqual(3)
      expect(board.me).not.toBeNull()
    }
    expect((await t.database.db.select().from(examBest)).length).toBeGreaterThanOrEqual(9)
  })
})
