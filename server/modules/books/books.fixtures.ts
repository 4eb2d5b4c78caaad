import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'

// Books made through the API, as writers and admins make them.

export const bookInput = (fields: Record<string, unknown> = {}) => ({
  title: 'The Lantern Keeper',
  subtitle: 'A novel in three nights',
  description: 'A keeper, a storm, and the ship that should not be there.',
  category: 'fiction',
  language: 'en',
  price: 499,
  previewChapters: 1,
  ...fields,
})

export async function draftBook(t: TestApp, author: TestUser, fields: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/books',
    cookie: author.cookie,
    body: bookInput(fields),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; status: string; chapters: { id: string }[] }
}

export async function addChapter(
  t: TestApp,
  author: TestUser,
  bookId: string,
  title: string,
  bodyHtml: string,
) {
  const res = await t.request({
    method: 'POST',
    url: `/api/books/${bookId}/chapters`,
    cookie: author.cookie,
    body: { title, bodyHtml },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; position: number; wordCount: number }
}

export interface PublishedBook {
  id: string
  chapterIds: string[]
}

/**
 * A book by `author` with one chapter per body, submitted and approved by `admin` (or published
 * at once when the author is the admin).
 */
export async function publishedBook(
  t: TestApp,
  admin: TestUser,
  author: TestUser,
  bodies: string[],
  fields: Record<string, unknown> = {},
): Promise<PublishedBook> {
  const book = await draftBook(t, author, fields)
  const chapterIds: string[] = []
  for (const [i, body] of bodies.entries()) {
    chapterIds.push((await addChapter(t, author, book.id, `Chapter ${i + 1}`, body)).id)
  }
  const submitted = await t.request({
    method: 'POST',
    url: `/api/books/${book.id}/submit`,
    cookie: author.cookie,
  })
  expect(submitted.statusCode, submitted.body).toBe(200)
  if (submitted.json().status !== 'published') {
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/books/${book.id}/approve`,
      cookie: admin.cookie,
    })
    expect(approved.statusCode, approved.body).toBe(200)
  }
  return { id: book.id, chapterIds }
}

/** Creates a book order for `buyer` through the API. */
export async function bookOrder(t: TestApp, buyer: TestUser, bookId: string) {
  return t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: buyer.cookie,
    body: { kind: 'book', bookId },
  })
}

/** `buyer` buys the book through the orders API and the sandbox checkout; answers the order id. */
export async function buyBook(t: TestApp, buyer: TestUser, bookId: string): Promise<string> {
  const created = await bookOrder(t, buyer, bookId)
  expect(created.statusCode, created.body).toBe(201)
  const { id } = created.json()
  const paid = await t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${id}/pay`,
    cookie: buyer.cookie,
    body: { outcome: 'succeed' },
  })
  expect(paid.statusCode, paid.body).toBe(200)
  return id
}

/** Rows in each books table, to show what a request wrote (or did not). */
export async function bookCounts(t: TestApp) {
  const { rows } = await t.database.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from book) as books,
    (select count(*)::int from book_chapter) as chapters,
    (select count(*)::int from book_ownership) as owners,
    (select count(*)::int from reading_position) as positions`)
  return rows[0]
}
