import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exam } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ExamFixtures, examFixtures, validExam } from './exams.fixtures.ts'

// The builder's numbers arrive as JSON numbers, or not at all: a boolean, an array, an object or
// a string is refused with the field's message instead of being coerced (true was stored as 1).

let t: TestApp
let f: ExamFixtures
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

const examCount = async () => (await t.database.db.select().from(exam)).length
const NOT_NUMBERS: unknown[] = [true, false, [], [5], {}, '', '5', ' ']
const FIELDS = ['durationMinutes', 'passMark', 'attemptsAllowed', 'drawCount'] as const

describe('exam numbers', () => {
  it.each(FIELDS.flatMap((field) => NOT_NUMBERS.map((value) => [field, value] as const)))(
    'POST refuses %s: %j with a field message and writes nothing',
    async (field, value) => {
      const before = await examCount()
      const res = await f.req('POST', '/api/exams', writer.cookie, validExam({ [field]: value }))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error.fields).toHaveProperty(field)
      expect(await examCount()).toBe(before)
    },
  )

  it.each(NOT_NUMBERS)('refuses question points of %j', async (value) => {
    const [first, ...rest] = validExam().questions
    const res = await f.req(
      'POST',
      '/api/exams',
      writer.cookie,
      validExam({ questions: [{ ...first, points: value }, ...rest] }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields).toHaveProperty(['questions.0.points'])
  })

  it('refuses a boolean on PUT too and leaves the exam as it was', async () => {
    const created = await f.createExam(writer)
    for (const field of FIELDS) {
      const res = await f.req('PUT', `/api/exams/${created.id}`, writer.cookie, validExam({ [field]: true }))
      expect(res.statusCode, field).toBe(400)
      expect(res.json().error.fields).toHaveProperty(field)
    }
    const after = (await f.req('GET', `/api/exams/${created.id}/edit`, writer.cookie)).json()
    expect(after).toMatchObject({ durationMinutes: 10, passMark: 50, attemptsAllowed: 2, drawCount: null })
  })

  it('takes whole numbers, null for unlimited attempts and for no draw', async () => {
    const res = await f.req(
      'POST',
      '/api/exams',
      writer.cookie,
      validExam({ durationMinutes: 1, passMark: 0, attemptsAllowed: null, drawCount: 2 }),
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ durationMinutes: 1, passMark: 0, attemptsAllowed: null, drawCount: 2 })
    for (const value of [1.5, Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await f.req('POST', '/api/exams', writer.cookie, validExam({ durationMinutes: value }))
      expect(refused.statusCode).toBe(400)
    }
  })
})
