import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { bookCounts, type PublishedBook, publishedBook } from './books.fixtures.ts'

// The latest place wins across devices (decision 056): a place read offline carries when it was
// read (`at`), and one sent late does not replace a newer one.

const NOW = new Date('2026-11-29T12:00:00.000Z')
const clock = createTestClock(NOW)
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString()

let t: TestApp
let reader: TestUser
let stranger: TestUser
let book: PublishedBook

const put = (body: unknown, who: TestUser | null = reader) =>
  t.request({ method: 'PUT', url: `/api/books/${book.id}/position`, cookie: who?.cookie, body })
const saved = async () =>
  (await t.request({ method: 'GET', url: `/api/books/${book.id}`, cookie: reader.cookie })).json().position

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  const author = await createUser(t, { name: 'Rhea Writer' })
  reader = await createUser(t, { name: 'Rory Reader' })
  stranger = await createUser(t, { name: 'Sam Stranger' })
  book = await publishedBook(t, admin, author, ['<p>One</p>', '<p>Two</p>', '<p>Three</p>'], {
    title: 'Tidal Atlas',
    price: 0,
  })
  expect(
    (await t.request({ method: 'POST', url: `/api/books/${book.id}/library`, cookie: reader.cookie }))
      .statusCode,
  ).toBe(200)
})
afterAll(() => t.close())

describe('PUT /api/books/:id/position with `at`', () => {
  it('asks for a session, and a book the reader can see', async () => {
    const [one] = book.chapterIds
    expect((await put({ chapterId: one, progress: 0.1 }, null)).statusCode).toBe(401)
    const missing = await t.request({
      method: 'PUT',
      url: `/api/books/00000000-0000-4000-8000-000000000000/position`,
      cookie: stranger.cookie,
      body: { chapterId: one, progress: 0.1 },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('keeps the later place: an older `at` does not overwrite, a newer one does', async () => {
    const [one, two, three] = book.chapterIds
    const newer = await put({ chapterId: two, progress: 0.5, at: minutes(-10) })
    expect(newer.statusCode, newer.body).toBe(200)
    expect(newer.json()).toEqual({ chapterId: two, progress: 0.5, updatedAt: minutes(-10) })

    // Read offline an hour ago on another device, sent now: the newer place stays, and is the answer.
    const stale = await put({ chapterId: one, progress: 0.9, at: minutes(-60) })
    expect(stale.statusCode).toBe(200)
    expect(stale.json()).toEqual({ chapterId: two, progress: 0.5, updatedAt: minutes(-10) })
    expect(await saved()).toMatchObject({ chapterId: two, progress: 0.5 })

    const later = await put({ chapterId: three, progress: 0.2, at: minutes(-1) })
    expect(later.json()).toEqual({ chapterId: three, progress: 0.2, updatedAt: minutes(-1) })
    expect(await saved()).toMatchObject({ chapterId: three, progress: 0.2 })
  })

  it('without `at` saves at the server’s now, as before; a clock a little ahead counts as now', async () => {
    const [one, two] = book.chapterIds
    clock.advance(60_000)
    const now = await put({ chapterId: one, progress: 0.3 })
    expect(now.json()).toEqual({ chapterId: one, progress: 0.3, updatedAt: clock.now().toISOString() })
    const ahead = new Date(clock.now().getTime() + 2 * 60_000).toISOString()
    const skewed = await put({ chapterId: two, progress: 0.4, at: ahead })
    expect(skewed.json()).toEqual({ chapterId: two, progress: 0.4, updatedAt: clock.now().toISOString() })
    // The next place without `at`, at the same instant, still wins.
    expect((await put({ chapterId: one, progress: 0.6 })).json()).toMatchObject({
      chapterId: one,
      progress: 0.6,
    })
  })

  it('refuses a bad `at` with a field message and writes nothing', async () => {
    const [one] = book.chapterIds
    const before = await bookCounts(t)
    const kept = await saved()
    const cases: [unknown, string][] = [
      ['yesterday', 'Send when the reader was there, as an ISO date and time'],
      [12, 'Send when the reader was there, as an ISO date and time'],
      [
        new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
        'This time is in the future: check the device’s clock',
      ],
      [
        new Date(clock.now().getTime() - 31 * 24 * 3600_000).toISOString(),
        'This place is more than 30 days old',
      ],
    ]
    for (const [at, message] of cases) {
      const res = await put({ chapterId: one, progress: 0.99, at })
      expect(res.statusCode, String(at)).toBe(400)
      expect(res.json().error.fields).toEqual({ at: message })
    }
    expect(await bookCounts(t)).toEqual(before)
    expect(await saved()).toEqual(kept)
  })
})
