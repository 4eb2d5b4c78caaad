import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notification, user } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { buyBook, draftBook, type PublishedBook, publishedBook } from './books.fixtures.ts'

// Readers' stars and reviews through HTTP: who may rate, what is refused (and not written), the
// rating kept on the book against a direct aggregate, the list, and reporting a review.

let t: TestApp
let admin: TestUser
let author: TestUser
let paid: PublishedBook
let free: PublishedBook

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

const put = (bookId: string, who: TestUser | null, body: unknown) =>
  t.request({ method: 'PUT', url: `/api/books/${bookId}/review`, cookie: who?.cookie, body })
const del = (bookId: string, who: TestUser | null) =>
  t.request({ method: 'DELETE', url: `/api/books/${bookId}/review`, cookie: who?.cookie })
const list = (bookId: string, who?: TestUser | null, query = '') =>
  t.request({ method: 'GET', url: `/api/books/${bookId}/reviews${query}`, cookie: who?.cookie })

async function owner(name: string, bookId = free.id) {
  const reader = await createUser(t, { name })
  if (bookId === free.id) {
    const added = await t.request({
      method: 'POST',
      url: `/api/books/${bookId}/library`,
      cookie: reader.cookie,
    })
    expect(added.statusCode, added.body).toBe(200)
  } else await buyBook(t, reader, bookId)
  return reader
}

const reviewRows = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from book_review`)).rows[0].n

/** The rating as the book row keeps it, and as a direct aggregate of its reviews computes it. */
async function ratings(bookId: string) {
  const { rows } = await t.database.db.execute<{
    kept_count: number
    kept_avg: string
    count: number
    avg: string
  }>(sql`select b.rating_count as kept_count, b.rating_avg::text as kept_avg,
      (select count(*)::int from book_review r where r.book_id = b.id) as count,
      (select coalesce(round(avg(r.stars), 2), 0)::numeric(3, 2)::text from book_review r where r.book_id = b.id) as avg
    from book b where b.id = ${bookId}`)
  const [row] = rows
  expect(row.kept_count).toBe(row.count)
  expect(row.kept_avg).toBe(row.avg)
  return { count: row.count, average: Number(row.avg) }
}

/** The rating the book page and the catalogue card show. */
async function shownRating(bookId: string) {
  const page = (await t.request({ method: 'GET', url: `/api/books/${bookId}` })).json()
  const cards = (await t.request({ method: 'GET', url: `/api/books?writer=${author.id}&limit=50` })).json()
  const card = cards.items.find((b: { id: string }) => b.id === bookId)
  expect(card.rating).toEqual(page.rating)
  return page.rating
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Wren Writer' })
  paid = await publishedBook(t, admin, author, ['<p>Open</p>', '<p>Paid</p>'], {
    title: 'Salt Roads',
    price: 700,
  })
  free = await publishedBook(t, admin, author, ['<p>All</p>'], { title: 'Quiet Sums', price: 0 })
})
afterAll(() => t.close())

describe('who may rate a book', () => {
  it('refuses the signed out (401), non-owners and the author (403), unknown and unpublished books (404), writing nothing', async () => {
    const stranger = await createUser(t, { name: 'Sam Stranger' })
    const draft = await draftBook(t, author, { title: 'Not Yet' })
    const before = await reviewRows()
    const cases: [string, TestUser | null, number, string][] = [
      [paid.id, null, 401, ''],
      [paid.id, stranger, 403, 'Only readers who own this book can rate it'],
      [paid.id, admin, 403, 'Only readers who own this book can rate it'],
      [paid.id, author, 403, 'You wrote this book: you cannot rate it'],
      [UNKNOWN, stranger, 404, 'That book does not exist'],
      [draft.id, stranger, 404, 'That book does not exist'],
    ]
    for (const [bookId, who, status, message] of cases) {
      const res = await put(bookId, who, { stars: 4, text: 'Fine' })
      expect(res.statusCode, `${who?.name} ${bookId}`).toBe(status)
      if (message) expect(res.json().error.message).toBe(message)
    }
    expect((await del(paid.id, null)).statusCode).toBe(401)
    expect((await del(paid.id, stranger)).json().error.message).toBe('You have not rated this book')
    expect((await del(UNKNOWN, stranger)).statusCode).toBe(404)
    expect((await list(draft.id, stranger)).statusCode).toBe(404)
    expect((await list(UNKNOWN)).statusCode).toBe(404)
    expect((await list('not-a-uuid')).statusCode).toBe(400)
    expect(await reviewRows()).toBe(before)
  })

  it('answers 400 with field messages for bad stars and a long review, writing nothing', async () => {
    const reader = await owner('Val Validated')
    const before = await reviewRows()
    const cases: [unknown, string, string][] = [
      [{}, 'stars', 'Choose from 1 to 5 stars'],
      [{ stars: 0 }, 'stars', 'Choose from 1 to 5 stars'],
      [{ stars: 6 }, 'stars', 'Choose from 1 to 5 stars'],
      [{ stars: 3.5 }, 'stars', 'Choose from 1 to 5 stars'],
      [{ stars: '5' }, 'stars', 'Choose from 1 to 5 stars'],
      [{ stars: 5, text: 'x'.repeat(5001) }, 'text', 'Keep the review under 5,000 characters'],
    ]
    for (const [body, field, message] of cases) {
      const res = await put(free.id, reader, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.fields[field], JSON.stringify(body)).toBe(message)
    }
    expect(await reviewRows()).toBe(before)
  })
})

describe('rating and reviewing', () => {
  it('saves once per reader (a second save replaces), keeps the rating on the book and notifies the writer once', async () => {
    const tess = await owner('Tess Buyer', paid.id)
    const uma = await owner('Uma Buyer', paid.id)
    const created = await put(paid.id, tess, { stars: 5, text: '  A storm of a book.  ' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      bookId: paid.id,
      stars: 5,
      text: 'A storm of a book.',
      reviewer: { id: tess.id, name: 'Tess Buyer' },
    })
    expect(await ratings(paid.id)).toEqual({ count: 1, average: 5 })
    expect(await shownRating(paid.id)).toEqual({ count: 1, average: 5 })

    expect((await put(paid.id, uma, { stars: 2 })).statusCode).toBe(201)
    expect(await ratings(paid.id)).toEqual({ count: 2, average: 3.5 })
    const edited = await put(paid.id, tess, { stars: 4, text: '' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ id: created.json().id, stars: 4, text: '' })
    expect(await ratings(paid.id)).toEqual({ count: 2, average: 3 })
    expect(await shownRating(paid.id)).toEqual({ count: 2, average: 3 })

    const notes = await t.database.db
      .select({ message: notification.message, link: notification.link })
      .from(notification)
      .where(and(eq(notification.writerId, author.id), eq(notification.kind, 'book_reviewed')))
    expect(notes).toEqual(
      expect.arrayContaining([
        {
          message: 'Tess Buyer rated “Salt Roads” 5 stars and wrote a review',
          link: `/read/${paid.id}#reviews`,
        },
        { message: 'Uma Buyer rated “Salt Roads” 2 stars', link: `/read/${paid.id}#reviews` },
      ]),
    )
    expect(notes).toHaveLength(2)

    // Taking it back.
    expect((await del(paid.id, uma)).statusCode).toBe(204)
    expect((await del(paid.id, uma)).statusCode).toBe(404)
    expect(await ratings(paid.id)).toEqual({ count: 1, average: 4 })
    expect(await shownRating(paid.id)).toEqual({ count: 1, average: 4 })
  })

  it('lists reviews newest first in keyset pages, with names, the distribution and the viewer’s own', async () => {
    const readers = [await owner('Ann One'), await owner('Ben Two'), await owner('Cat Three')]
    for (const [i, reader] of readers.entries()) {
      expect((await put(free.id, reader, { stars: i + 3, text: `Review ${i + 1}` })).statusCode).toBe(201)
    }
    const first = await list(free.id, readers[0], '?limit=2')
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json()
    expect(page.items.map((r: { text: string }) => r.text)).toEqual(['Review 3', 'Review 2'])
    expect(page.items[0].reviewer).toEqual({ id: readers[2].id, name: 'Cat Three', image: null })
    expect(page.mine).toMatchObject({ text: 'Review 1', stars: 3 })
    expect(page.rating).toEqual({ average: 4, count: 3 })
    expect(page.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 1 },
      { stars: 3, count: 1 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ])
    const next = (await list(free.id, null, `?limit=2&cursor=${page.nextCursor}`)).json()
    expect(next.items.map((r: { text: string }) => r.text)).toEqual(['Review 1'])
    expect(next.nextCursor).toBeNull()
    expect(next.mine).toBeNull()
    expect((await list(free.id, null, '?cursor=bogus')).statusCode).toBe(400)
  })

  it('follows reviews that go with a deleted account', async () => {
    const leaver = await owner('Lee Leaving')
    await put(free.id, leaver, { stars: 1 })
    const before = await ratings(free.id)
    await t.database.db.delete(user).where(eq(user.id, leaver.id))
    const after = await ratings(free.id)
    expect(after.count).toBe(before.count - 1)
  })
})

describe('reporting a review', () => {
  it('reaches the admins’ queue, and removing it deletes the review, recounts the rating and tells the reviewer', async () => {
    const rude = await owner('Rex Rude')
    const reporter = await createUser(t, { name: 'Pat Reporter' })
    const review = (await put(free.id, rude, { stars: 1, text: 'Buy my course instead!' })).json()
    const before = await ratings(free.id)

    const own = await t.request({
      method: 'POST',
      url: '/api/reports',
      cookie: rude.cookie,
      body: { targetType: 'book_review', targetId: review.id, reason: 'spam' },
    })
    expect(own.statusCode).toBe(403)
    expect(own.json().error.message).toBe('You cannot report your own review')
    const unknown = await t.request({
      method: 'POST',
      url: '/api/reports',
      cookie: reporter.cookie,
      body: { targetType: 'book_review', targetId: UNKNOWN, reason: 'spam' },
    })
    expect(unknown.statusCode).toBe(404)
    const reported = await t.request({
      method: 'POST',
      url: '/api/reports',
      cookie: reporter.cookie,
      body: { targetType: 'book_review', targetId: review.id, reason: 'spam' },
    })
    expect(reported.statusCode, reported.body).toBe(201)

    const queue = (await t.request({ method: 'GET', url: '/api/admin/reports', cookie: admin.cookie })).json()
    const item = queue.items.find((r: { targetId: string }) => r.targetId === review.id)
    expect(item).toMatchObject({
      targetType: 'book_review',
      target: {
        title: 'Quiet Sums',
        text: '1 out of 5 stars. Buy my course instead!',
        author: { id: rude.id, name: 'Rex Rude' },
        link: `/read/${free.id}#reviews`,
      },
    })
    const removed = await t.request({
      method: 'POST',
      url: `/api/admin/reports/${item.id}/resolve`,
      cookie: admin.cookie,
      body: { action: 'remove' },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toMatchObject({ status: 'removed', target: null })
    expect(await ratings(free.id)).toEqual({
      count: before.count - 1,
      average: expect.any(Number),
    })
    expect(await shownRating(free.id)).toEqual(await ratings(free.id))
    const reviews = (await list(free.id)).json()
    expect(reviews.items.map((r: { id: string }) => r.id)).not.toContain(review.id)
    const [told] = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(and(eq(notification.writerId, rude.id), eq(notification.kind, 'item_removed')))
    expect(told.message).toBe('Your review of “Quiet Sums” was removed after a report')
  })
})
