import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { registeredRoutes } from '#server/test/registered-routes.ts'
import { bookInput, buyBook, type PublishedBook, publishedBook } from './books.fixtures.ts'
import { bookAdminRoutes, bookRoutes } from './books.routes.ts'

// Who reads a chapter past the preview: every route of the books module is walked by each kind of
// reader, and a marker only the paid chapters hold must appear in no response to a reader who may
// not read them (and in the chapter to each who may, so the walk can fail).

let t: TestApp
/** A word no other field says: letters only, so full-text search sees one token. */
const MARKER = `paidmarker${randomUUID().replace(/[^a-f]/g, '')}`
let book: PublishedBook
let author: TestUser
let admin: TestUser
interface Reader {
  name: string
  user: TestUser | null
  entitled: boolean
}
const readers: Reader[] = []

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Pia Paid' })
  book = await publishedBook(
    t,
    admin,
    author,
    ['<p>The open first chapter.</p>', `<p>Only for owners: ${MARKER}.</p>`, `<p>Also paid: ${MARKER}.</p>`],
    { title: 'The Kept Secret', price: 700 },
  )
  const owner = await createUser(t, { name: 'Olga Owner' })
  await buyBook(t, owner, book.id)
  const refunded = await createUser(t, { name: 'Rex Refunded' })
  const refundedOrder = await buyBook(t, refunded, book.id)
  const refund = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${refundedOrder}/refund`,
    cookie: admin.cookie,
  })
  expect(refund.statusCode, refund.body).toBe(200)
  const stranger = await createUser(t, { name: 'Sam Stranger' })
  readers.push(
    { name: 'signed out', user: null, entitled: false },
    { name: 'a non-owner', user: stranger, entitled: false },
    { name: 'a refunded buyer', user: refunded, entitled: false },
    { name: 'the owner', user: owner, entitled: true },
    { name: 'the author', user: author, entitled: true },
    { name: 'an admin', user: admin, entitled: true },
  )
})
afterAll(() => t.close())

/** Routes that cannot carry another person's chapter, and why. */
const NOT_WALKED: Record<string, string> = {
  'POST /api/books': "answers with the caller's own new book",
  'PUT /api/me/reader-settings': "answers with the caller's own text size, theme and width",
}

type Walked = { route: string; status: number; json: unknown }

/**
 * Everything `reader` can ask the books module about the book. Changes are sent only by readers
 * who may not read the paid chapters (each must stay a refusal, so the walk changes nothing).
 */
async function walk(reader: TestUser | null, readsOnly: boolean): Promise<Walked[]> {
  const { id, chapterIds } = book
  const [open, paid] = chapterIds
  const at = async (route: string, url: string, body?: unknown) => {
    const method = route.split(' ')[0] as 'GET'
    const res = await t.request({ method, url, cookie: reader?.cookie, body })
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500)
    // The EPUB is a file (a ZIP), not JSON; refusals are JSON.
    const json = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body || null
    return { route, status: res.statusCode, json }
  }
  const reads = [
    await at('GET /api/books', '/api/books'),
    await at('GET /api/books', `/api/books?q=${MARKER}`),
    await at('GET /api/books', `/api/books?writer=${author.id}&sort=bestselling`),
    await at('GET /api/search/books', `/api/search/books?q=${MARKER}`),
    await at('GET /api/search/books', '/api/search/books?q=kept secret'),
    await at('GET /api/books/:id', `/api/books/${id}`),
    await at('GET /api/books/:id/chapters/:chapterId', `/api/books/${id}/chapters/${open}`),
    await at('GET /api/books/:id/chapters/:chapterId', `/api/books/${id}/chapters/${paid}`),
    await at('GET /api/books/:id/edit', `/api/books/${id}/edit`),
    await at('GET /api/me/books', '/api/me/books'),
    await at('GET /api/books/:id/epub', `/api/books/${id}/epub`),
    await at('GET /api/me/library', '/api/me/library'),
    await at('GET /api/admin/books/review', '/api/admin/books/review'),
    await at('PUT /api/books/:id/position', `/api/books/${id}/position`, { chapterId: open, progress: 0.2 }),
    await at('GET /api/books/:id/reviews', `/api/books/${id}/reviews`),
    await at('GET /api/me/reader-settings', '/api/me/reader-settings'),
  ]
  if (readsOnly) return reads
  const changes = [
    await at('PUT /api/books/:id/position', `/api/books/${id}/position`, { chapterId: paid, progress: 0.5 }),
    await at('POST /api/books/:id/library', `/api/books/${id}/library`),
    await at('PATCH /api/books/:id', `/api/books/${id}`, bookInput({ title: 'Taken over', price: 0 })),
    await at('POST /api/books/:id/submit', `/api/books/${id}/submit`),
    await at('DELETE /api/books/:id', `/api/books/${id}`),
    await at('POST /api/books/:id/chapters', `/api/books/${id}/chapters`, {
      title: 'Mine',
      bodyHtml: '<p>x</p>',
    }),
    await at('PATCH /api/books/:id/chapters/:chapterId', `/api/books/${id}/chapters/${paid}`, {
      title: 'Mine',
    }),
    await at('PUT /api/books/:id/chapters/order', `/api/books/${id}/chapters/order`, {
      chapterIds: [paid, open, chapterIds[2]],
    }),
    await at('DELETE /api/books/:id/chapters/:chapterId', `/api/books/${id}/chapters/${paid}`),
    await at('PUT /api/books/:id/review', `/api/books/${id}/review`, { stars: 5, text: 'Mine' }),
    await at('DELETE /api/books/:id/review', `/api/books/${id}/review`),
    await at('POST /api/admin/books/:id/approve', `/api/admin/books/${id}/approve`),
    await at('POST /api/admin/books/:id/reject', `/api/admin/books/${id}/reject`, { reason: 'No' }),
  ]
  // A signed-in stranger may save a position in the open chapter: that is a read, not a change.
  for (const c of changes) expect(c.status, `${c.route} changed something`).toBeGreaterThanOrEqual(400)
  return [...reads, ...changes]
}

const leaksOf = (walked: Walked[]) =>
  walked.filter(({ json }) => JSON.stringify(json).includes(MARKER)).map(({ route }) => route)

describe('who reads a chapter past the preview', () => {
  it('walks every route of the books module (or says why not)', async () => {
    const walked = new Set([...(await walk(null, false)).map((r) => r.route), ...Object.keys(NOT_WALKED)])
    expect(registeredRoutes(bookRoutes, bookAdminRoutes).filter((route) => !walked.has(route))).toEqual([])
  })

  it('sends the paid chapters to owner, author and admin, and to no one else on any route', async () => {
    const outcomes: string[] = []
    for (const reader of readers) {
      const walked = await walk(reader.user, reader.entitled)
      const leaks = leaksOf(walked)
      const chapter = walked.find(
        (w) =>
          w.route === 'GET /api/books/:id/chapters/:chapterId' &&
          w.status === 200 &&
          JSON.stringify(w.json).includes('Only for owners'),
      )
      outcomes.push(
        `${reader.name}: ${chapter ? 'reads' : 'stopped'}, leaks ${JSON.stringify(reader.entitled ? [] : leaks)}`,
      )
      if (reader.entitled) expect(leaks, reader.name).toContain('GET /api/books/:id/chapters/:chapterId')
    }
    expect(outcomes).toEqual(readers.map((r) => `${r.name}: ${r.entitled ? 'reads' : 'stopped'}, leaks []`))
  })
})
