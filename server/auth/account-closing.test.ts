import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book, bookOwnership, subscription, user } from '#server/db/schema/index.ts'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { createWriter, subscribePaid } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// Deleting an account cascades to the writer's books (and so to the copies readers bought) and
// to their subscriptions: a writer with readers who paid cannot delete it themselves.

let t: TestApp
let admin: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { role: 'admin' })
})
afterAll(() => t.close())

const remove = (person: TestUser, password = person.password) =>
  t.request({ method: 'POST', url: '/api/auth/delete-user', body: { password }, cookie: person.cookie })

const exists = async (id: string) =>
  (await t.database.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1

const CHAPTERS = ['<p>The first chapter.</p>', '<p>The second chapter.</p>']

describe('closing a writer’s account', () => {
  it('is refused while a reader owns one of their books, keeping the book, the copy and the session', async () => {
    const writer = await createUser(t)
    const reader = await createUser(t)
    const { id: bookId } = await publishedBook(t, admin, writer, CHAPTERS, { price: 499 })
    await buyBook(t, reader, bookId)

    const res = await remove(writer)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: {
        code: 'conflict',
        message:
          'Your books have readers who keep what they bought: write to us through the contact page to close your account.',
      },
    })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await exists(writer.id)).toBe(true)
    expect(await t.database.db.select().from(book).where(eq(book.id, bookId))).toHaveLength(1)
    expect(
      await t.database.db.select().from(bookOwnership).where(eq(bookOwnership.userId, reader.id)),
    ).toHaveLength(1)
    const session = await t.request({ method: 'GET', url: '/api/auth/get-session', cookie: writer.cookie })
    expect(session.json()?.user.id).toBe(writer.id)
    // The reader, who wrote nothing, may still go.
    expect((await remove(reader)).statusCode).toBe(200)
  })

  it('counts a free book in a reader’s library as owned', async () => {
    const writer = await createUser(t)
    const reader = await createUser(t)
    const { id: bookId } = await publishedBook(t, admin, writer, CHAPTERS, { price: 0 })
    const added = await t.request({
      method: 'POST',
      url: `/api/books/${bookId}/library`,
      cookie: reader.cookie,
    })
    expect(added.statusCode).toBe(200)
    expect((await remove(writer)).statusCode).toBe(409)
    expect(await exists(writer.id)).toBe(true)
  })

  it('checks the password first: a wrong one is a 400 whatever the books', async () => {
    const writer = await createUser(t)
    const { id: bookId } = await publishedBook(t, admin, writer, CHAPTERS, { price: 499 })
    await buyBook(t, await createUser(t), bookId)
    const res = await remove(writer, 'not my password')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ password: 'That password is not correct' })
  })

  it('is refused while a paid subscriber has a paid month, and allowed once it has ended', async () => {
    const writer = await createWriter(t, 'Paid Writer', 500)
    const reader = await createUser(t)
    await subscribePaid(t, reader, writer)

    const res = await remove(writer)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(
      'Your paid subscribers have months they paid for: write to us through the contact page to close your account.',
    )
    expect(await exists(writer.id)).toBe(true)

    await t.database.db
      .update(subscription)
      .set({ status: 'ended' })
      .where(eq(subscription.writerId, writer.id))
    expect((await remove(writer)).statusCode).toBe(200)
    expect(await exists(writer.id)).toBe(false)
  })

  it('names both when both hold it', async () => {
    const writer = await createWriter(t, 'Busy Writer', 500)
    const { id: bookId } = await publishedBook(t, admin, writer, CHAPTERS, { price: 499 })
    await buyBook(t, await createUser(t), bookId)
    await subscribePaid(t, await createUser(t), writer)
    const res = await remove(writer)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(
      'Your books have readers and your paid subscribers have months they paid for: write to us through the contact page to close your account.',
    )
  })

  it('is allowed for a writer whose books nobody owns and who has only free followers', async () => {
    const writer = await createWriter(t, 'Quiet Writer', 0)
    const { id: bookId } = await publishedBook(t, admin, writer, CHAPTERS, { price: 499 })
    const follower = await createUser(t)
    const followed = await t.request({
      method: 'POST',
      url: `/api/writers/${writer.id}/follow`,
      cookie: follower.cookie,
    })
    expect(followed.statusCode).toBeLessThan(300)

    expect((await remove(writer)).statusCode).toBe(200)
    expect(await exists(writer.id)).toBe(false)
    expect(await t.database.db.select().from(book).where(eq(book.id, bookId))).toEqual([])
  })
})
