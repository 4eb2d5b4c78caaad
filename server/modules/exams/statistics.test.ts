import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExamStatistics, QuestionStatistic } from '#common/schemas/exam-statistics.ts'
import { parseCsv } from '#server/core/csv.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ExamFixtures, examFixtures, tfOptions } from './exams.fixtures.ts'
import { scoreQuestion } from './scoring.ts'

// Item statistics (decision 048) against a matrix worked out by hand: five takers, four questions.
//
//            Q1 single  Q2 true/false  Q3 multiple, partial  Q4 short  | total T
//   points        1           1               2                 1      |   5
//   Ann           1 (a)       0 (false)       2 (a, b)          1      |   4
//   Ben           1 (a)       1 (true)        1 (a)             1      |   4
//   Cat           1 (a)       0 (false)       0 (a, c: 1 − 1)   0      |   1
//   Dan           0 (b)       1 (true)        1 (b)             0      |   2
//   Eve           0 (c)       1 (true)        0 (blank)         0      |   1
//
// Means: Q1 .6, Q2 .6, Q3 .8, Q4 .4, T 2.4. Sample variances (n − 1 = 4):
//   Q1 Σ(x − .6)² = 3·.16 + 2·.36 = 1.2 → .3      Q2 the same → .3
//   Q3 1.2² + .2² + .8² + .2² + .8² = 2.8 → .7     Q4 2·.36 + 3·.16 = 1.2 → .3
//   T  1.6² + 1.6² + 1.4² + .4² + 1.4² = 9.2 → 2.3
// Facility = mean / points: Q1 60, Q2 60, Q3 .8/2 = 40, Q4 40 (%).
// SD as % of points: Q1, Q2, Q4 100·√.3 = 54.77 → 54.8; Q3 100·√.7 / 2 = 41.83 → 41.8.
// Discrimination: r(x, R) with R = T − x (the sums of deviation products, the n − 1 cancels):
//   Q1 x 1 1 1 0 0, R 3 3 0 2 1 (mean 1.8): Σdxd R = .48 + .48 − .72 − .12 + .48 = .6,
//      ΣdR² = 1.44 + 1.44 + 3.24 + .04 + .64 = 6.8 → .6 / √(1.2 · 6.8) = .6 / 2.8566 = 0.210 (weak)
//   Q2 x 0 1 0 1 1, R 4 3 1 1 0 (mean 1.8): Σ = −1.32 + .48 + .48 − .32 − .72 = −1.4,
//      ΣdR² = 4.84 + 1.44 + .64 + .64 + 3.24 = 10.8 → −1.4 / √(1.2 · 10.8) = −1.4 / 3.6 = −0.389
//   Q3 x 2 1 0 1 0, R 2 3 1 1 1 (mean 1.6): Σ = .48 + .28 + .48 − .12 + .48 = 1.6,
//      ΣdR² = .16 + 1.96 + 3·.36 = 3.2 → 1.6 / √(2.8 · 3.2) = 1.6 / 2.9933 = 0.535
//   Q4 x 1 1 0 0 0, R 3 3 1 2 1 (mean 2): Σ = .6 + .6 + .4 + 0 + .4 = 2,
//      ΣdR² = 1 + 1 + 1 + 0 + 1 = 4 → 2 / √(1.2 · 4) = 2 / 2.1909 = 0.913
// CIC = 100 · 4/3 · (1 − (.3 + .3 + .7 + .3) / 2.3) = 100 · 1.3333 · .30435 = 40.6 → unsatisfactory.
// Exam: percentages 80 80 20 40 20, mean 48, SD 20 · √2.3 = 30.33 → 30.3.
// Ben's second attempt (perfect) and a running attempt of Fay's are not counted.

const Q1 = 'Which unit measures force?'
const Q2 = 'Mass and weight are the same thing.'
const Q3 = 'Which are vectors?'
const Q4 = 'Who wrote the Principia?'
const FORMULA = '=HYPERLINK("http://evil.test","Free")'

const questions = [
  {
    kind: 'single',
    prompt: Q1,
    options: [
      { id: 'a', text: 'Newton' },
      { id: 'b', text: 'Joule' },
      { id: 'c', text: 'Watt' },
      { id: 'd', text: FORMULA },
    ],
    correctOptionIds: ['a'],
    points: 1,
  },
  // "True" is right here only to have a question that the weaker takers get right more often.
  { kind: 'true_false', prompt: Q2, options: tfOptions, correctOptionIds: ['true'], points: 1 },
  {
    kind: 'multiple',
    prompt: Q3,
    options: [
      { id: 'a', text: 'Velocity' },
      { id: 'b', text: 'Force' },
      { id: 'c', text: 'Mass' },
    ],
    correctOptionIds: ['a', 'b'],
    points: 2,
    partialCredit: true,
  },
  { kind: 'short', prompt: Q4, acceptedAnswers: ['Newton'], points: 1 },
]

const ANSWERS: Record<string, Record<string, unknown>> = {
  Ann: {
    [Q1]: { optionIds: ['a'] },
    [Q2]: { optionIds: ['false'] },
    [Q3]: { optionIds: ['a', 'b'] },
    [Q4]: { text: 'Newton' },
  },
  Ben: {
    [Q1]: { optionIds: ['a'] },
    [Q2]: { optionIds: ['true'] },
    [Q3]: { optionIds: ['a'] },
    [Q4]: { text: ' NEW ton' },
  },
  Cat: {
    [Q1]: { optionIds: ['a'] },
    [Q2]: { optionIds: ['false'] },
    [Q3]: { optionIds: ['a', 'c'] },
    [Q4]: { text: 'Hooke' },
  },
  Dan: {
    [Q1]: { optionIds: ['b'] },
    [Q2]: { optionIds: ['true'] },
    [Q3]: { optionIds: ['b'] },
    [Q4]: { text: 'hooke' },
  },
  Eve: {
    [Q1]: { optionIds: ['c'] },
    [Q2]: { optionIds: ['true'] },
    [Q3]: { optionIds: [] },
    [Q4]: { text: '@Galileo' },
  },
}
const PERFECT = {
  [Q1]: { optionIds: ['a'] },
  [Q2]: { optionIds: ['true'] },
  [Q3]: { optionIds: ['a', 'b'] },
  [Q4]: { text: 'Newton' },
}

let t: TestApp
let f: ExamFixtures
let admin: TestUser
let writer: TestUser
let stranger: TestUser
let takers: Record<string, TestUser>
let examId: string

beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  stranger = await createUser(t, { name: 'Another Writer' })
  takers = {}
  for (const name of [...Object.keys(ANSWERS), 'Fay']) takers[name] = await createUser(t, { name })
  examId = (await f.publishedExam(writer, admin, { attemptsAllowed: 3, questions })).id
  for (const [name, answers] of Object.entries(ANSWERS)) {
    const state = await f.start(takers[name], examId)
    await f.answerAll(takers[name], state, answers)
    expect((await f.submit(takers[name], state.id)).statusCode).toBe(200)
  }
  // Ben again, perfect: only first attempts count. Fay is still answering: nothing of hers counts.
  const again = await f.start(takers.Ben, examId)
  await f.answerAll(takers.Ben, again, PERFECT)
  await f.submit(takers.Ben, again.id)
  await f.answerAll(takers.Fay, await f.start(takers.Fay, examId), PERFECT)
})
afterAll(() => t.close())

const statisticsOf = async (id: string, who: TestUser = writer): Promise<ExamStatistics> => {
  const res = await f.req('GET', `/api/exams/${id}/statistics`, who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const byPrompt = (s: ExamStatistics) =>
  Object.fromEntries(s.questions.map((q) => [q.prompt, q])) as Record<string, QuestionStatistic>

describe('exam statistics', () => {
  it('match the matrix worked out by hand', async () => {
    const s = await statisticsOf(examId)
    expect(s).toMatchObject({
      examId,
      version: 1,
      attempts: 6,
      takers: 5,
      enoughTakers: false,
      minTakers: 30,
      meanPercent: 48,
      sdPercent: 30.3,
      cic: 40.6,
      cicVerdict: 'unsatisfactory',
      cicMissing: null,
    })
    const q = byPrompt(s)
    const figures = (p: string) => {
      const { number, seen, answered, facility, sdPercent, discrimination, flags } = q[p]
      return { number, seen, answered, facility, sdPercent, discrimination, flags }
    }
    expect(figures(Q1)).toEqual({
      number: 1,
      seen: 5,
      answered: 5,
      facility: 60,
      sdPercent: 54.8,
      discrimination: 0.21,
      flags: ['weak_discrimination', 'unpicked_option'],
    })
    expect(figures(Q2)).toEqual({
      number: 2,
      seen: 5,
      answered: 5,
      facility: 60,
      sdPercent: 54.8,
      discrimination: -0.389,
      flags: ['negative_discrimination'],
    })
    // Eve's empty choice is no answer.
    expect(figures(Q3)).toEqual({
      number: 3,
      seen: 5,
      answered: 4,
      facility: 40,
      sdPercent: 41.8,
      discrimination: 0.535,
      flags: [],
    })
    expect(figures(Q4)).toMatchObject({ facility: 40, sdPercent: 54.8, discrimination: 0.913, flags: [] })
  })

  it('count each option and group short answers as they are marked', async () => {
    const q = byPrompt(await statisticsOf(examId))
    expect(q[Q1].options).toEqual([
      { id: 'a', text: 'Newton', correct: true, count: 3, percent: 60 },
      { id: 'b', text: 'Joule', correct: false, count: 1, percent: 20 },
      { id: 'c', text: 'Watt', correct: false, count: 1, percent: 20 },
      { id: 'd', text: FORMULA, correct: false, count: 0, percent: 0 },
    ])
    expect(q[Q3].options.map((o) => [o.id, o.count])).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ])
    expect(q[Q4].options).toEqual([])
    // "Newton" and " NEW ton" are one answer (case and spaces ignored); ties in name order.
    expect(q[Q4].topAnswers).toEqual([
      { text: expect.stringMatching(/^(Hooke|hooke)$/), count: 2, percent: 40, accepted: false },
      { text: expect.stringMatching(/^(Newton| NEW ton)$/), count: 2, percent: 40, accepted: true },
      { text: '@Galileo', count: 1, percent: 20, accepted: false },
    ])
  })

  it('are empty, not invented, before anyone has finished', async () => {
    const fresh = (await f.publishedExam(writer, admin, { questions })).id
    await f.start(takers.Ann, fresh)
    const s = await statisticsOf(fresh)
    expect(s).toMatchObject({
      attempts: 0,
      takers: 0,
      enoughTakers: false,
      meanPercent: null,
      sdPercent: null,
      cic: null,
      cicVerdict: null,
      cicMissing: 'too_few_takers',
    })
    expect(s.questions[0]).toMatchObject({ seen: 0, facility: null, discrimination: null, flags: [] })
  })

  it('give no internal consistency when each attempt draws its own questions', async () => {
    const drawn = (await f.publishedExam(writer, admin, { questions, drawCount: 2 })).id
    for (const name of ['Ann', 'Ben', 'Cat']) {
      const state = await f.start(takers[name], drawn)
      await f.answerAll(takers[name], state, PERFECT)
      await f.submit(takers[name], state.id)
    }
    const s = await statisticsOf(drawn)
    expect(s).toMatchObject({ takers: 3, meanPercent: 100, cic: null, cicMissing: 'drawn_questions' })
    expect(s.questions.reduce((sum, q) => sum + q.seen, 0)).toBe(6)
    for (const q of s.questions) expect(q.facility).toBe(q.seen > 0 ? 100 : null)
  })

  it('score every answer as scoring.ts does: partial credit in thirds, short answers in any width or spacing', async () => {
    const thirds = {
      kind: 'multiple',
      prompt: 'Which are prime?',
      options: [
        { id: 'a', text: '2' },
        { id: 'b', text: '3' },
        { id: 'c', text: '5' },
        { id: 'd', text: '9' },
      ],
      correctOptionIds: ['a', 'b', 'c'],
      points: 2,
      partialCredit: true,
    }
    const allOrNothing = {
      ...thirds,
      prompt: 'Which are odd primes?',
      correctOptionIds: ['b', 'c'],
      partialCredit: false,
    }
    const short = { kind: 'short', prompt: Q4, acceptedAnswers: ['Isaac Newton'], points: 3 }
    const id = (await f.publishedExam(writer, admin, { questions: [thirds, allOrNothing, short] })).id
    const given = [
      [['a'], ['b', 'c'], 'ＩＳＡＡＣ ＮＥＷＴＯＮ'],
      [['a', 'b'], ['c', 'b'], 'isaac\u00a0newton'],
      [['a', 'd'], ['b'], 'Isaac\u3000 Newton\u2028'],
      [['a', 'b', 'c', 'd'], ['b', 'c', 'd'], 'isaacnewton'],
      [['a', 'b', 'c'], ['b', 'b', 'c'], 'ISAAC NEWTON'],
    ] as const
    for (const [i, [a, b, text]] of given.entries()) {
      const who = await createUser(t, { name: `Scored ${i}` })
      const state = await f.start(who, id)
      await f.answerAll(who, state, {
        [thirds.prompt]: { optionIds: a },
        [allOrNothing.prompt]: { optionIds: b },
        [Q4]: { text },
      })
      await f.submit(who, state.id)
    }
    const s = byPrompt(await statisticsOf(id))
    for (const [index, q] of [thirds, allOrNothing, short].entries()) {
      const scored = given.map((row) =>
        scoreQuestion(
          {
            id: 'q',
            kind: q.kind as 'multiple',
            correctOptionIds: 'correctOptionIds' in q ? q.correctOptionIds : [],
            acceptedAnswers: 'acceptedAnswers' in q ? q.acceptedAnswers : [],
            points: q.points,
            partialCredit: 'partialCredit' in q && q.partialCredit,
          },
          index === 2 ? { text: row[2] } : { optionIds: [...row[index as 0 | 1]] },
        ),
      )
      const facility =
        Math.round((1000 * scored.reduce((sum, x) => sum + x, 0)) / (given.length * q.points)) / 10
      expect(s[q.prompt].facility, q.prompt).toBe(facility)
    }
    // 0.67 + 1.33 + 0 + 1.33 + 2 of 10 points; 3 of 5 exactly right; every spelling accepted.
    expect(s['Which are prime?'].facility).toBe(53.3)
    expect(s['Which are odd primes?'].facility).toBe(60)
    expect(s[Q4].facility).toBe(100)
    expect(s[Q4].topAnswers).toHaveLength(1)
  })

  it('are kept until the next submission or edit, not computed on every read', async () => {
    const id = (await f.publishedExam(writer, admin, { questions })).id
    const take = async (who: TestUser) => {
      const state = await f.start(who, id)
      await f.answerAll(who, state, PERFECT)
      expect((await f.submit(who, state.id)).statusCode).toBe(200)
    }
    await take(takers.Ann)
    const first = await statisticsOf(id)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await statisticsOf(id)).toEqual(first)
    await take(takers.Ben)
    const second = await statisticsOf(id)
    expect(second.takers).toBe(2)
    expect(second.computedAt > first.computedAt).toBe(true)
  })

  it('are read by the author and admins only: 401, 404, 400', async () => {
    expect((await f.req('GET', `/api/exams/${examId}/statistics`)).statusCode).toBe(401)
    expect((await f.req('GET', `/api/exams/${examId}/statistics.csv`)).statusCode).toBe(401)
    for (const who of [stranger, takers.Ann]) {
      for (const path of ['statistics', 'statistics.csv']) {
        const res = await f.req('GET', `/api/exams/${examId}/${path}`, who.cookie)
        expect(res.statusCode).toBe(404)
        expect(res.body).not.toContain(Q1)
      }
    }
    expect((await f.req('GET', `/api/exams/${randomUUID()}/statistics`, writer.cookie)).statusCode).toBe(404)
    expect((await f.req('GET', '/api/exams/not-an-id/statistics', writer.cookie)).statusCode).toBe(400)
    expect((await f.req('GET', '/api/exams/not-an-id/statistics.csv', writer.cookie)).statusCode).toBe(400)
    expect((await statisticsOf(examId, admin)).takers).toBe(5)
  })
})

describe('exam statistics as CSV', () => {
  it('is an attachment with the exam, its questions and every response', async () => {
    const res = await f.req('GET', `/api/exams/${examId}/statistics.csv`, writer.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="exam-statistics-${examId}-v1.csv"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const rows = parseCsv(res.body).map((r) => r.fields)
    expect(rows[0]).toEqual([
      'exam',
      'version',
      'attempts',
      'takers',
      'too_few_takers',
      'mean_percent',
      'sd_percent',
      'cic_percent',
      'cic_verdict',
      'computed_at',
    ])
    expect(rows[1].slice(0, 9)).toEqual([
      'Forces and motion',
      '1',
      '6',
      '5',
      'yes',
      '48',
      '30.3',
      '40.6',
      'unsatisfactory',
    ])
    expect(rows[2][0]).toBe('question')
    expect(rows[3]).toEqual([
      '1',
      'single',
      Q1,
      '1',
      '5',
      '5',
      '60',
      '54.8',
      '0.21',
      'weak_discrimination unpicked_option',
    ])
    // A negative figure is a number, not text.
    expect(rows[4][8]).toBe('-0.389')
    expect(rows[7]).toEqual(['question', 'response', 'correct', 'count', 'percent'])
    expect(rows[8]).toEqual(['1', 'Newton', 'yes', '3', '60'])
    // What people wrote cannot start a formula: the author's option, the taker's answer.
    expect(rows).toContainEqual(['1', `'${FORMULA}`, 'no', '0', '0'])
    expect(rows).toContainEqual(['4', "'@Galileo", 'no', '1', '20'])
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Free"")"`)
  })
})
