import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writerBalance } from '#server/core/ledger/ledger.ts'
import { book, bookOwnership, notification, order } from '#server/db/schema/index.ts'
import { moneyCounts, postWebhook, sandboxEvent } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { bookOrder, buyBook, draftBook, type PublishedBook, publishedBook } from './books.fixtures.ts'

let t: TestApp
let admin: TestUser
let author: TestUser
let paid: PublishedBook
let free: PublishedBook

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Sol Seller' })
  paid = await publishedBook(t, admin, author, ['<p>Open</p>', '<p>Bought words</p>'], {
    title: 'Salt Roads',
    price: 1000,
  })
  free = await publishedBook(t, admin, author, ['<p>Free words</p>'], { title: 'Gift', price: 0 })
})
afterAll(() => t.close())

const owners = async (bookId: string) =>
  (await t.database.db.select().from(bookOwnership).where(eq(bookOwnership.bookId, bookId))).map(
    (o) => o.userId,
  )
const salesOf = async (bookId: string) =>
  (await t.database.db.select({ n: book.salesCount }).from(book).where(eq(book.id, bookId)))[0].n
const chapterStatus = async (who: TestUser) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/books/${paid.id}/chapters/${paid.chapterIds[1]}`,
      cookie: who.cookie,
    })
  ).statusCode
const transfersOf = async (orderId: string) =>
  (
    await t.database.db.execute<{ kind: string }>(
      sql`select kind from ledger_transfer where order_id = ${orderId} order by created_at, kind desc`,
    )
  ).rows.map((r) => r.kind)

describe('ordering a book', () => {
  it('prices it from the book, and refuses free, own, unpublished and unknown books, writing nothing', async () => {
    const buyer = await createUser(t)
    const draft = await draftBook(t, author)
    const before = await moneyCounts(t)
    const cases: [TestUser, string, number, string][] = [
      [buyer, free.id, 409, 'This book is free: add it to your library instead'],
      [author, paid.id, 409, 'You wrote this book: you can always read it'],
      [buyer, draft.id, 404, 'That book does not exist'],
      [buyer, '00000000-0000-4000-8000-000000000000', 404, 'That book does not exist'],
    ]
    for (const [who, id, status, message] of cases) {
      const res = await bookOrder(t, who, id)
      expect(res.statusCode, id).toBe(status)
      expect(res.json().error.message).toBe(message)
    }
    const priced = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: buyer.cookie,
      body: { kind: 'book', bookId: paid.id, amount: 1 },
    })
    expect(JSON.stringify(priced.json().error.fields)).toContain('The price is set by Inkwell, not sent')
    expect(await moneyCounts(t)).toEqual(before)
    const ok = await bookOrder(t, buyer, paid.id)
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json()).toMatchObject({
      amount: 1000,
      status: 'pending',
      item: { kind: 'book', id: paid.id, title: 'Salt Roads', seller: { id: author.id, name: 'Sol Seller' } },
    })
  })

  it('buying through the sandbox gives ownership once, tells the author and the buyer, and opens every chapter', async () => {
    const buyer = await createUser(t, { name: 'Bo Buyer' })
    expect(await chapterStatus(buyer)).toBe(403)
    const orderId = await buyBook(t, buyer, paid.id)
    expect(await owners(paid.id)).toEqual([buyer.id])
    expect(await salesOf(paid.id)).toBe(1)
    expect(await chapterStatus(buyer)).toBe(200)
    const page = await t.request({ method: 'GET', url: `/api/books/${paid.id}`, cookie: buyer.cookie })
    expect(page.json()).toMatchObject({ owned: true, readsAll: true })
    const again = await bookOrder(t, buyer, paid.id)
    expect(again.json().error.message).toBe('You already own this book')

    const notices = await t.database.db
      .select({
        to: notification.writerId,
        kind: notification.kind,
        message: notification.message,
        link: notification.link,
      })
      .from(notification)
      .where(sql`${notification.kind} in ('book_sold', 'order_paid')`)
    expect(notices).toEqual(
      expect.arrayContaining([
        {
          to: author.id,
          kind: 'book_sold',
          message: 'Bo Buyer bought your book “Salt Roads”.',
          link: '/earnings',
        },
        {
          to: buyer.id,
          kind: 'order_paid',
          message: '“Salt Roads” is in your library.',
          link: `/payment/success?order=${orderId}`,
        },
      ]),
    )
    expect(await transfersOf(orderId)).toEqual(['sale'])
    expect(await writerBalance(t.database.db, author.id)).toBe(850)
  })

  it('the same paid event three times grants once and writes one sale', async () => {
    const buyer = await createUser(t)
    const created = (await bookOrder(t, buyer, paid.id)).json()
    const body = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_book_dup',
      amount: 1000,
    })
    const answers = []
    for (let i = 0; i < 3; i += 1) answers.push((await postWebhook(t, body)).json().duplicate)
    expect(answers).toEqual([false, true, true])
    expect((await owners(paid.id)).filter((id) => id === buyer.id)).toHaveLength(1)
    expect(await transfersOf(created.id)).toEqual(['sale'])
    const sold = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.writerId, author.id), eq(notification.kind, 'book_sold')))
    expect(sold).toHaveLength(2)
  })

  it('a refund takes the copy back: the ledger has the sale and its refund, the chapter is closed again', async () => {
    const buyer = await createUser(t)
    const orderId = await buyBook(t, buyer, paid.id)
    const sales = await salesOf(paid.id)
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      cookie: admin.cookie,
    })
    expect(refund.statusCode, refund.body).toBe(200)
    expect(refund.json().status).toBe('refunded')
    expect(await owners(paid.id)).not.toContain(buyer.id)
    expect(await salesOf(paid.id)).toBe(sales - 1)
    expect(await transfersOf(orderId)).toEqual(['sale', 'refund'])
    const { rows } = await t.database.db.execute<{ total: number }>(
      sql`select coalesce(sum(e.amount), 0)::int as total from ledger_entry e join ledger_transfer x on x.id = e.transfer_id where x.order_id = ${orderId} and e.account = ${`writer:${author.id}:pending`}`,
    )
    expect(rows[0].total).toBe(0)
    expect(await chapterStatus(buyer)).toBe(403)
    const library = await t.request({ method: 'GET', url: '/api/me/library', cookie: buyer.cookie })
    expect(library.json().items).toEqual([])
  })

  it('a second payment for the book is refunded, and its refund leaves the book with the first', async () => {
    const buyer = await createUser(t)
    const first = (await bookOrder(t, buyer, paid.id)).json()
    // A second Buy while the first is open answers the same order (decision 040).
    const second = await bookOrder(t, buyer, paid.id)
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.id)
    const sales = await salesOf(paid.id)
    for (const ref of ['pay_two_a', 'pay_two_b']) {
      await postWebhook(
        t,
        sandboxEvent('payment.succeeded', { orderId: first.id, paymentRef: ref, amount: 1000 }),
      )
    }
    expect(await salesOf(paid.id)).toBe(sales + 1)
    expect(await transfersOf(first.id)).toEqual(['sale', 'duplicate', 'duplicate_refund'])
    const [row] = await t.database.db
      .select()
      .from(bookOwnership)
      .where(and(eq(bookOwnership.bookId, paid.id), eq(bookOwnership.userId, buyer.id)))
    expect(row.orderId).toBe(first.id)
    const [o] = await t.database.db.select().from(order).where(eq(order.id, first.id))
    expect(o).toMatchObject({ status: 'paid', providerPaymentRef: 'pay_two_a' })
    expect(await chapterStatus(buyer)).toBe(200)
  })
})
