import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exam, examQuestion, notification } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { type ExamFixtures, examFixtures, PERFECT, validExam } from './exams.fixtures.ts'

let t: TestApp
let f: ExamFixtures
let admin: TestUser
let writer: TestUser
let other: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = examFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
  other = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

const examCount = async () => (await t.database.db.select().from(exam)).length
const notificationsOf = (userId: string) =>
  t.database.db.select().from(notification).where(eq(notification.writerId, userId))

describe('guards', () => {
  const id = randomUUID()
  const userRoutes: Array<[string, string, unknown]> = [
    ['POST', '/api/exams', validExam()],
    ['POST', '/api/exams', { title: '' }],
    ['GET', `/api/exams/${id}/edit`, undefined],
    ['PUT', `/api/exams/${id}`, validExam()],
    ['POST', `/api/exams/${id}/submit`, undefined],
    ['DELETE', `/api/exams/${id}`, undefined],
    ['GET', '/api/me/exams', undefined],
    ['GET', `/api/exams/${id}/stats`, undefined],
    ['POST', `/api/exams/${id}/attempts`, undefined],
    ['GET', `/api/attempts/${id}`, undefined],
    ['PUT', `/api/attempts/${id}/answers/${id}`, { value: null }],
    ['POST', `/api/attempts/${id}/tab-switches`, undefined],
    ['POST', `/api/attempts/${id}/submit`, undefined],
    ['GET', `/api/exams/${id}/results`, undefined],
    ['GET', '/api/me/exam-attempts', undefined],
  ]
  const adminRoutes: Array<[string, string, unknown]> = [
    ['GET', '/api/admin/exams/review', undefined],
    ['GET', '/api/admin/exams/review?limit=0', undefined],
    ['POST', `/api/admin/exams/${id}/approve`, undefined],
    ['POST', `/api/admin/exams/${id}/reject`, { reason: 'Too short' }],
    ['POST', `/api/admin/exams/${id}/reject`, { reason: '' }],
  ]

  it.each([...userRoutes, ...adminRoutes])('%s %s answers 401 when signed out', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthorized')
  })

  it.each(adminRoutes)('%s %s answers 403 to a plain user, whatever the input', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body, cookie: writer.cookie })
    expect(res.statusCode).toBe(403)
  })

  it.each([
    ['GET', '/api/exams/not-a-uuid/edit'],
    ['GET', '/api/exams/not-a-uuid'],
    ['GET', '/api/attempts/nope'],
    ['GET', '/api/exams?limit=0'],
    ['GET', '/api/search/exams?q='],
  ])('%s %s answers 400 to bad params', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url, cookie: writer.cookie })
    expect(res.statusCode).toBe(400)
  })

  it('answers 404 for an exam that does not exist', async () => {
    for (const url of [`/api/exams/${id}`, `/api/exams/${id}/edit`, `/api/exams/${id}/leaderboard`]) {
      expect((await f.req('GET', url, writer.cookie)).statusCode).toBe(404)
    }
  })
})

describe('building', () => {
  it('creates a draft with its questions in order, answers included for the author', async () => {
    const res = await f.req('POST', '/api/exams', writer.cookie, validExam())
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      authorId: writer.id,
      status: 'draft',
      version: 1,
      hasAttempts: false,
      subjectSlug: 'physics',
      attemptsAllowed: 2,
    })
    expect(body.questions.map((q: { position: number; kind: string }) => [q.position, q.kind])).toEqual([
      [0, 'single'],
      [1, 'multiple'],
      [2, 'short'],
    ])
    expect(body.questions[1]).toMatchObject({ correctOptionIds: ['a', 'c'], partialCredit: true })
    expect(body.questions[2]).toMatchObject({ options: [], acceptedAnswers: ['Isaac Newton', 'Newton'] })
    const edit = await f.req('GET', `/api/exams/${body.id}/edit`, writer.cookie)
    expect(edit.json()).toEqual(body)
    expect((await f.req('GET', `/api/exams/${body.id}/edit`, admin.cookie)).statusCode).toBe(200)
  })

  it.each([
    [{ subjectSlug: 'astrology' }, 'subjectSlug'],
    [{ drawCount: 4 }, 'drawCount'],
    [{ durationMinutes: 301 }, 'durationMinutes'],
    [{ passMark: 101 }, 'passMark'],
    [{ attemptsAllowed: 11 }, 'attemptsAllowed'],
    [{ title: '  ' }, 'title'],
  ])('refuses %o with a field message and writes nothing', async (fields, field) => {
    const before = await examCount()
    const res = await f.req('POST', '/api/exams', writer.cookie, validExam(fields))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toHaveProperty(field)
    expect(await examCount()).toBe(before)
  })

  it('refuses questions that do not make sense', async () => {
    const bad = [
      { kind: 'single', prompt: 'Q', options: [{ id: 'a', text: 'A' }], correctOptionIds: ['a'], points: 1 },
      {
        kind: 'single',
        prompt: 'Q',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correctOptionIds: ['a', 'b'],
        points: 1,
      },
      {
        kind: 'multiple',
        prompt: 'Q',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        points: 1,
      },
      { kind: 'short', prompt: 'Q', acceptedAnswers: [], points: 1 },
      { kind: 'short', prompt: 'Q', acceptedAnswers: ['x'], points: 0 },
    ]
    for (const question of bad) {
      const res = await f.req('POST', '/api/exams', writer.cookie, validExam({ questions: [question] }))
      expect(res.statusCode, JSON.stringify(question)).toBe(400)
      expect(Object.keys(res.json().error.fields).some((k) => k.startsWith('questions'))).toBe(true)
    }
  })

  it('hides another writer’s exam behind a 404, for reading, editing and deleting', async () => {
    const mine = await f.createExam(writer)
    expect((await f.req('GET', `/api/exams/${mine.id}/edit`, other.cookie)).statusCode).toBe(404)
    expect((await f.req('PUT', `/api/exams/${mine.id}`, other.cookie, validExam())).statusCode).toBe(404)
    expect((await f.req('DELETE', `/api/exams/${mine.id}`, other.cookie)).statusCode).toBe(404)
    expect((await f.req('POST', `/api/exams/${mine.id}/submit`, other.cookie)).statusCode).toBe(404)
    // A draft is not public either.
    expect((await f.req('GET', `/api/exams/${mine.id}`, other.cookie)).statusCode).toBe(404)
    expect((await f.req('GET', `/api/exams/${mine.id}`)).statusCode).toBe(404)
    expect((await f.req('GET', `/api/exams/${mine.id}`, writer.cookie)).statusCode).toBe(200)
  })

  it('keeps question ids on edit, gives new ones to new questions, and drops removed ones', async () => {
    const created = await f.createExam(writer)
    const [first, second] = created.questions
    const input = validExam({
      title: 'Forces, revised',
      questions: [
        { ...validExam().questions[1], id: second.id },
        { ...validExam().questions[0], id: first.id, prompt: 'Unit of force?' },
        { ...validExam().questions[0], id: first.id, prompt: 'A copy with a taken id' },
      ],
    })
    const res = await f.req('PUT', `/api/exams/${created.id}`, writer.cookie, input)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ title: 'Forces, revised', version: 1, status: 'draft' })
    expect(body.questions.map((q: { id: string }) => q.id).slice(0, 2)).toEqual([second.id, first.id])
    expect(body.questions[2].id).not.toBe(first.id)
    const stored = await t.database.db.select().from(examQuestion).where(eq(examQuestion.examId, created.id))
    expect(stored).toHaveLength(3)
  })

  it('submits a draft for review, refuses an empty one, and publishes an admin’s own at once', async () => {
    const empty = await f.createExam(writer, { questions: [] })
    const refused = await f.req('POST', `/api/exams/${empty.id}/submit`, writer.cookie)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toHaveProperty('questions')

    const draft = await f.createExam(writer)
    expect((await f.req('POST', `/api/exams/${draft.id}/submit`, admin.cookie)).statusCode).toBe(403)
    const submitted = await f.req('POST', `/api/exams/${draft.id}/submit`, writer.cookie)
    expect(submitted.json()).toMatchObject({ status: 'pending', publishedAt: null })
    expect((await f.req('POST', `/api/exams/${draft.id}/submit`, writer.cookie)).statusCode).toBe(409)

    const own = await f.createExam(admin)
    const published = await f.req('POST', `/api/exams/${own.id}/submit`, admin.cookie)
    expect(published.json().status).toBe('published')
    expect(published.json().publishedAt).not.toBeNull()
  })

  it('sends a published exam edited by its author back to review, but not one an admin edits', async () => {
    const e = await f.publishedExam(writer, admin)
    const byAdmin = await f.req('PUT', `/api/exams/${e.id}`, admin.cookie, validExam({ title: 'Admin fix' }))
    expect(byAdmin.json()).toMatchObject({ status: 'published', version: 1 })
    const byAuthor = await f.req(
      'PUT',
      `/api/exams/${e.id}`,
      writer.cookie,
      validExam({ title: 'Author edit' }),
    )
    expect(byAuthor.json()).toMatchObject({ status: 'pending', version: 1 })
  })

  it('makes a new version when an exam with attempts is saved, keeping old attempts’ scores', async () => {
    const e = await f.publishedExam(writer, admin)
    const attempt = await f.start(other, e.id)
    await f.answerAll(other, attempt, PERFECT)
    const result = (await f.submit(other, attempt.id)).json()
    expect(result).toMatchObject({ score: 6, percent: 100, examVersion: 1 })
    expect((await f.req('GET', `/api/exams/${e.id}/edit`, writer.cookie)).json().hasAttempts).toBe(true)

    // The correct answer changes: the old attempt keeps the score it earned.
    const changed = validExam({ questions: [{ ...validExam().questions[0], correctOptionIds: ['a'] }] })
    const saved = await f.req('PUT', `/api/exams/${e.id}`, admin.cookie, changed)
    expect(saved.json()).toMatchObject({ version: 2, hasAttempts: false, status: 'published' })
    const results = (await f.req('GET', `/api/exams/${e.id}/results`, other.cookie)).json()
    expect(results.attempts[0]).toMatchObject({ score: 6, percent: 100, examVersion: 1 })
    expect(results.review.questions).toHaveLength(3)
    // The leaderboard is per version: the new one starts empty.
    expect((await f.req('GET', `/api/exams/${e.id}/leaderboard`, other.cookie)).json()).toMatchObject({
      rows: [],
      me: null,
      total: 0,
    })
    // The second attempt takes the new version.
    const second = await f.start(other, e.id)
    expect(second.questions).toHaveLength(1)
    await f.answerAll(other, second, { 'What is the SI unit of force?': { optionIds: ['a'] } })
    expect((await f.submit(other, second.id)).json()).toMatchObject({
      examVersion: 2,
      score: 2,
      percent: 100,
    })
  })

  it('lets an author delete an exam nobody took, and only an admin one that was taken', async () => {
    const untouched = await f.publishedExam(writer, admin)
    expect((await f.req('DELETE', `/api/exams/${untouched.id}`, writer.cookie)).statusCode).toBe(204)
    expect((await f.req('GET', `/api/exams/${untouched.id}`)).statusCode).toBe(404)

    const taken = await f.publishedExam(writer, admin)
    await f.start(other, taken.id)
    const refused = await f.req('DELETE', `/api/exams/${taken.id}`, writer.cookie)
    expect(refused.statusCode).toBe(409)
    expect(await t.database.db.select().from(exam).where(eq(exam.id, taken.id))).toHaveLength(1)
    expect((await f.req('DELETE', `/api/exams/${taken.id}`, admin.cookie)).statusCode).toBe(204)
    expect(await t.database.db.select().from(exam).where(eq(exam.id, taken.id))).toHaveLength(0)
  })

  it('lists my exams, most recently changed first, page by page', async () => {
    const author = await createUser(t, { name: 'Paging Writer' })
    const made = []
    for (let i = 0; i < 3; i++) made.push(await f.createExam(author, { title: `Exam ${i}` }))
    const first = (await f.req('GET', '/api/me/exams?limit=2', author.cookie)).json()
    expect(first.items.map((e: { title: string }) => e.title)).toEqual(['Exam 2', 'Exam 1'])
    expect(first.items[0]).toMatchObject({ questionCount: 3, attempts: 0, averagePercent: null })
    const next = (
      await f.req('GET', `/api/me/exams?limit=2&cursor=${first.nextCursor}`, author.cookie)
    ).json()
    expect(next).toEqual({ items: [expect.objectContaining({ title: 'Exam 0' })], nextCursor: null })
  })
})

describe('review', () => {
  it('queues pending exams oldest first with their authors, and approves with a notification', async () => {
    const a = await f.createExam(writer, { title: 'Queued first' })
    await f.req('POST', `/api/exams/${a.id}/submit`, writer.cookie)
    const b = await f.createExam(other, { title: 'Queued second' })
    await f.req('POST', `/api/exams/${b.id}/submit`, other.cookie)
    const queue = (await f.req('GET', '/api/admin/exams/review?limit=50', admin.cookie)).json()
    const titles = queue.items.map((i: { title: string }) => i.title)
    expect(titles.indexOf('Queued first')).toBeLessThan(titles.indexOf('Queued second'))
    expect(queue.items.find((i: { id: string }) => i.id === b.id)).toMatchObject({
      author: { id: other.id, name: 'Otto Other' },
      questionCount: 3,
      status: 'pending',
    })

    const approved = await f.req('POST', `/api/admin/exams/${a.id}/approve`, admin.cookie)
    expect(approved.json()).toMatchObject({ status: 'published', rejectionReason: null })
    expect((await f.req('POST', `/api/admin/exams/${a.id}/approve`, admin.cookie)).statusCode).toBe(409)
    expect(await notificationsOf(writer.id)).toContainEqual(
      expect.objectContaining({
        kind: 'item_approved',
        message: 'Your exam “Queued first” is published.',
        link: `/examroom/${a.id}`,
      }),
    )
  })

  it('rejects with a reason the author is told, and a rejected exam can be submitted again', async () => {
    const e = await f.createExam(writer, { title: 'Needs work' })
    await f.req('POST', `/api/exams/${e.id}/submit`, writer.cookie)
    const bad = await f.req('POST', `/api/admin/exams/${e.id}/reject`, admin.cookie, { reason: ' ' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toHaveProperty('reason')
    const rejected = await f.req('POST', `/api/admin/exams/${e.id}/reject`, admin.cookie, {
      reason: 'Question 2 has two right answers.',
    })
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Question 2 has two right answers.',
    })
    const [note] = (await notificationsOf(writer.id)).filter((n) => n.kind === 'item_rejected')
    expect(note).toMatchObject({
      message: 'Your exam “Needs work” was not published: Question 2 has two right answers.',
      link: `/postexam?id=${e.id}`,
    })
    expect((await f.req('POST', `/api/exams/${e.id}/submit`, writer.cookie)).json().status).toBe('pending')
    expect((await f.req('POST', `/api/admin/exams/${randomUUID()}/approve`, admin.cookie)).statusCode).toBe(
      404,
    )
  })
})

describe('finding', () => {
  let author: TestUser
  let chem: { id: string }
  beforeAll(async () => {
    author = await createUser(t, { name: 'Finder Writer' })
    chem = await f.publishedExam(author, admin, {
      title: 'Acids and bases',
      description: 'Titration, indicators and the pH scale.',
      subjectSlug: 'chemistry',
      drawCount: 2,
    })
    await f.publishedExam(author, admin, { title: 'Organic chemistry basics', subjectSlug: 'chemistry' })
    await f.createExam(author, { title: 'An unpublished acids draft', subjectSlug: 'chemistry' })
  })

  it('lists published exams by subject, newest first, with their card numbers', async () => {
    const res = await f.req('GET', '/api/exams?subject=chemistry')
    expect(res.statusCode).toBe(200)
    const { items, nextCursor } = res.json()
    expect(items.map((i: { title: string }) => i.title)).toEqual([
      'Organic chemistry basics',
      'Acids and bases',
    ])
    expect(nextCursor).toBeNull()
    expect(items[1]).toMatchObject({
      author: { id: author.id, name: 'Finder Writer' },
      questionCount: 2,
      attempts: 0,
      averagePercent: null,
      durationMinutes: 10,
    })
    const page = (await f.req('GET', '/api/exams?subject=chemistry&limit=1')).json()
    const rest = (await f.req('GET', `/api/exams?subject=chemistry&limit=1&cursor=${page.nextCursor}`)).json()
    expect(rest.items[0].title).toBe('Acids and bases')
  })

  it('filters by writer and searches the title and description, best match first', async () => {
    const byWriter = (await f.req('GET', `/api/exams?writer=${author.id}`)).json()
    expect(byWriter.items).toHaveLength(2)
    const found = (await f.req('GET', '/api/exams?q=titration')).json()
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([chem.id])
    const search = (await f.req('GET', '/api/search/exams?q=acids')).json()
    expect(search.items.map((i: { title: string }) => i.title)).toEqual(['Acids and bases'])
    expect((await f.req('GET', '/api/search/exams?q=the')).json()).toEqual({ items: [], nextCursor: null })
    expect((await f.req('GET', '/api/search/exams?q=acids&cursor=bad')).statusCode).toBe(400)
  })

  it('shows the intro with the caller’s attempts, zeros when signed out', async () => {
    const signedOut = (await f.req('GET', `/api/exams/${chem.id}`)).json()
    expect(signedOut).toMatchObject({
      title: 'Acids and bases',
      instructions: 'Answer every question. Calculators allowed.',
      myAttempts: 0,
      attemptsLeft: 2,
      inProgressAttemptId: null,
    })
    const attempt = await f.start(other, chem.id)
    const signedIn = (await f.req('GET', `/api/exams/${chem.id}`, other.cookie)).json()
    expect(signedIn).toMatchObject({ myAttempts: 1, attemptsLeft: 1, inProgressAttemptId: attempt.id })
  })

  it('does not list what is not published', async () => {
    const all = (await f.req('GET', '/api/exams?limit=50')).json()
    expect(all.items.some((i: { title: string }) => i.title.includes('unpublished'))).toBe(false)
    const rows = await t.database.db
      .select()
      .from(exam)
      .where(and(eq(exam.authorId, author.id), eq(exam.status, 'draft')))
    expect(rows).toHaveLength(1)
  })
})
