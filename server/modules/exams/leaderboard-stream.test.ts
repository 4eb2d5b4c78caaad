import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { openSse } from '#server/test/sse.ts'
import { type ExamFixtures, examFixtures, PERFECT } from './exams.fixtures.ts'

const clock = createTestClock()
let t: TestApp
let f: ExamFixtures
let base: string
let admin: TestUser
let writer: TestUser
let examId: string
beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  f = examFixtures(t)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await createUser(t, { role: 'admin' })
  writer = await createUser(t)
  examId = (await f.publishedExam(writer, admin, { attemptsAllowed: null })).id
})
afterAll(() => t.close())

const connections = () => t.app.ctx.hub.connectionCount()

async function take(who: TestUser, answers: Record<string, unknown>, seconds: number) {
  const state = await f.start(who, examId)
  await f.answerAll(who, state, answers)
  clock.advance(seconds * 1000)
  expect((await f.submit(who, state.id)).statusCode).toBe(200)
}

describe('the live leaderboard', () => {
  it('tells everyone watching, signed in or not, when someone’s best changes, and only then', async () => {
    const watcher = await openSse(`${base}/api/exams/${examId}/leaderboard/stream`)
    try {
      expect(watcher.status).toBe(200)
      expect(watcher.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      const taker = await createUser(t)
      await take(taker, PERFECT, 60)
      expect((await watcher.next()).event).toBe('changed')
      // A worse attempt leaves the board as it was: no signal.
      await take(taker, {}, 30)
      await watcher.expectQuiet(300)
      // A faster perfect attempt is a new best.
      await take(taker, PERFECT, 20)
      expect((await watcher.next()).event).toBe('changed')
    } finally {
      watcher.close()
    }
    await vi.waitFor(() => expect(connections()).toBe(0))
  })

  it('is a 404 for an exam nobody may see, before any stream opens', async () => {
    const draft = await f.createExam(writer)
    const res = await t.request({ method: 'GET', url: `/api/exams/${draft.id}/leaderboard/stream` })
    expect(res.statusCode).toBe(404)
    const bad = await t.request({ method: 'GET', url: '/api/exams/not-a-uuid/leaderboard/stream' })
    expect(bad.statusCode).toBe(400)
  })
})
