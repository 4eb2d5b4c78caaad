import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { feeOf, writerBalance } from '#server/core/ledger/ledger.ts'
import { book, bookOwnership, notification, order, subscription } from '#server/db/schema/index.ts'
import { bookOrder, type PublishedBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { configuredProvider } from './configured-provider.ts'
import { fulfil } from './fulfil.service.ts'
import { addMonth } from './items.ts'
import { orderFor, postWebhook, sandboxEvent, setPrice } from './payments.fixtures.ts'
import { OWED_REFUND_RETRY_MS, retryOwedRefunds } from './refunds-owed.service.ts'

// One buyer pays once for one thing (decision 040), under concurrency, on either database: one
// open order per buyer and item, one grant, and a second payment refunded, never granted.

// Now, held still: signed events and ledger rows carry the real time.
const clock = createTestClock(new Date())
let t: TestApp
let admin: TestUser
let author: TestUser
let writer: TestUser
let salt: PublishedBook

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  author = await createUser(t, { name: 'Sol Seller' })
  writer = await createUser(t, { name: 'Grace Writer' })
  await setPrice(t, writer, 500)
  salt = await publishedBook(t, admin, author, ['<p>Open</p>', '<p>Bought words</p>'], {
    title: 'Salt Roads',
    price: 1000,
  })
})
afterAll(() => t.close())

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)))
const pay = (buyer: TestUser, id: string) =>
  t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${id}/pay`,
    cookie: buyer.cookie,
    body: { outcome: 'succeed' },
  })
const ordersOf = (buyer: TestUser) =>
  t.database.db.select().from(order).where(eq(order.buyerId, buyer.id)).orderBy(order.createdAt)
const transfersOf = async (orderId: string) =>
  (
    await t.database.db.execute<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from ledger_transfer where order_id = ${orderId} group by kind order by kind`,
    )
  ).rows.reduce<Record<string, number>>((all, row) => Object.assign(all, { [row.kind]: row.n }), {})
const salesOf = async (bookId: string) =>
  (await t.database.db.select({ n: book.salesCount }).from(book).where(eq(book.id, bookId)))[0].n
const refundNotices = async (buyer: TestUser) =>
  t.database.db
    .select()
    .from(notification)
    .where(and(eq(notification.writerId, buyer.id), eq(notification.kind, 'order_refunded')))
/** The buyer has one subscription, for one month from now. */
async function expectOneMonth(buyer: TestUser) {
  const subs = await t.database.db.select().from(subscription).where(eq(subscription.subscriberId, buyer.id))
  expect(subs).toHaveLength(1)
  expect(subs[0].currentPeriodEnd).toEqual(addMonth(clock.now()))
}
const net = (gross: number) => gross - feeOf(gross, t.config.payments.platformFeePercent)
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort()

describe('a book bought from twenty tabs at once', () => {
  it('is one order (one 201, the rest 200 with it), paid once: one sale, one copy, the writer credited once', async () => {
    const buyer = await createUser(t)
    const sales = await salesOf(salt.id)
    const balance = await writerBalance(t.database.db, author.id)

    const buys = await times(20, () => bookOrder(t, buyer, salt.id))
    expect(statuses(buys)).toEqual([...Array(19).fill(200), 201])
    expect(new Set(buys.map((b) => b.json().id)).size).toBe(1)
    const [only] = await ordersOf(buyer)
    expect(await ordersOf(buyer)).toHaveLength(1)

    const pays = await times(20, () => pay(buyer, only.id))
    // Pay pressed on a paid order is refused; nothing answers 500.
    expect(pays.every((p) => p.statusCode === 200 || p.statusCode === 409)).toBe(true)
    expect((await ordersOf(buyer)).map((o) => o.status)).toEqual(['paid'])
    expect(await transfersOf(only.id)).toEqual({ sale: 1 })
    expect(await salesOf(salt.id)).toBe(sales + 1)
    expect(await writerBalance(t.database.db, author.id)).toBe(balance + net(1000))
    const copies = await t.database.db
      .select()
      .from(bookOwnership)
      .where(and(eq(bookOwnership.bookId, salt.id), eq(bookOwnership.userId, buyer.id)))
    expect(copies).toHaveLength(1)
    // Bought: a further Buy is refused, naming why.
    const again = await bookOrder(t, buyer, salt.id)
    expect(again.statusCode).toBe(409)
  })

  it('twenty payments of one order at once: one sale, nineteen refunded through the provider, the buyer told', async () => {
    const buyer = await createUser(t)
    const created = (await bookOrder(t, buyer, salt.id)).json()
    const sales = await salesOf(salt.id)
    const balance = await writerBalance(t.database.db, author.id)
    const answers = await times(20, (i) =>
      postWebhook(
        t,
        sandboxEvent('payment.succeeded', { orderId: created.id, paymentRef: `pay_many_${i}`, amount: 1000 }),
      ),
    )
    expect(statuses(answers)).toEqual(Array(20).fill(200))
    // The sandbox delivers each refund's event at once: every second payment is back with the buyer.
    expect(await transfersOf(created.id)).toEqual({ duplicate: 19, duplicate_refund: 19, sale: 1 })
    expect((await ordersOf(buyer)).map((o) => o.status)).toEqual(['paid'])
    expect(await salesOf(salt.id)).toBe(sales + 1)
    expect(await writerBalance(t.database.db, author.id)).toBe(balance + net(1000))
    const notices = await refundNotices(buyer)
    expect(notices).toHaveLength(19)
    expect(notices[0].message).toBe(
      'You already have “Salt Roads”: your second payment of $10.00 is being refunded.',
    )
    expect(notices[0].link).toBe(`/payment?order=${created.id}`)
  })
})

describe('a subscription', () => {
  it('twenty Buys and twenty pays at once: one order, one month, no 500', async () => {
    const buyer = await createUser(t)
    const buys = await times(20, () =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: buyer.cookie,
        body: { kind: 'subscription', writerId: writer.id },
      }),
    )
    expect(statuses(buys).filter((s) => s === 201)).toHaveLength(1)
    expect(statuses(buys).filter((s) => s === 200)).toHaveLength(19)
    const [only] = await ordersOf(buyer)
    const pays = await times(20, () => pay(buyer, only.id))
    expect(pays.every((p) => p.statusCode === 200 || p.statusCode === 409)).toBe(true)
    await expectOneMonth(buyer)
    expect(await transfersOf(only.id)).toEqual({ sale: 1 })
  })

  it('a checkout left behind and a new one, both paid at once: one paid, the other refunded, one month', async () => {
    const buyer = await createUser(t)
    const balance = await writerBalance(t.database.db, writer.id)
    const left = await orderFor(t, buyer, writer)
    // Its checkout expired (housekeeping cancels it), so Buy opens a new order.
    await t.database.db.update(order).set({ status: 'cancelled' }).where(eq(order.id, left.id))
    const fresh = await orderFor(t, buyer, writer)
    expect(fresh.id).not.toBe(left.id)
    const answers = await times(10, (i) =>
      postWebhook(
        t,
        sandboxEvent('payment.succeeded', {
          orderId: i % 2 ? left.id : fresh.id,
          paymentRef: i % 2 ? 'pay_left' : 'pay_fresh',
          amount: 500,
        }),
      ),
    )
    expect(statuses(answers)).toEqual(Array(10).fill(200))
    const after = await ordersOf(buyer)
    expect(after.map((o) => o.status).sort()).toEqual(['paid', 'refunded'])
    const refunded = after.find((o) => o.status === 'refunded')
    expect(await transfersOf(refunded?.id ?? '')).toEqual({ duplicate: 1, duplicate_refund: 1 })
    await expectOneMonth(buyer)
    expect(await writerBalance(t.database.db, writer.id)).toBe(balance + net(500))
    expect(await refundNotices(buyer)).toHaveLength(1)
  })
})

describe('ids in canonical form', () => {
  it('an upper-case book id names the same book: the same open order, stored in lower case, then refused as owned', async () => {
    const buyer = await createUser(t)
    const lower = await bookOrder(t, buyer, salt.id)
    expect(lower.statusCode).toBe(201)
    const upper = await bookOrder(t, buyer, salt.id.toUpperCase())
    expect(upper.statusCode).toBe(200)
    expect(upper.json()).toMatchObject({ id: lower.json().id, item: { id: salt.id, title: 'Salt Roads' } })
    expect((await ordersOf(buyer)).map((o) => o.itemId)).toEqual([salt.id])
    expect((await pay(buyer, lower.json().id)).statusCode).toBe(200)
    const owned = await bookOrder(t, buyer, salt.id.toUpperCase())
    expect(owned.statusCode).toBe(409)
    expect(await ordersOf(buyer)).toHaveLength(1)
  })

  it('the database refuses an item id not in canonical form', async () => {
    const buyer = await createUser(t)
    await expect(
      t.database.db.insert(order).values({
        buyerId: buyer.id,
        itemKind: 'book',
        itemId: salt.id.toUpperCase(),
        amount: 1000,
        currency: 'USD',
        provider: 'sandbox',
      }),
    ).rejects.toThrow()
    expect(await ordersOf(buyer)).toHaveLength(0)
  })
})

describe('a refund the provider did not take', () => {
  it('is asked for again by housekeeping once it is overdue, and only until it is back', async () => {
    const buyer = await createUser(t)
    const created = (await bookOrder(t, buyer, salt.id)).json()
    expect((await pay(buyer, created.id)).statusCode).toBe(200)
    // A second payment handled while the provider could not be asked for its refund.
    await fulfil(t.app.ctx, 'sandbox', {
      id: 'evt_second_unrefunded',
      type: 'payment.succeeded',
      orderId: created.id,
      paymentRef: 'pay_second_unrefunded',
      amount: 1000,
      currency: 'USD',
      occurredAt: clock.now(),
    })
    expect(await transfersOf(created.id)).toEqual({ duplicate: 1, sale: 1 })
    const provider = configuredProvider(t.app.ctx)
    // Not yet overdue: the first ask may still be on its way.
    expect(await retryOwedRefunds(t.app.ctx, provider)).toBe(0)
    // (ledger rows are stamped by the database's clock: well past the wait, whatever this test took)
    clock.advance(2 * OWED_REFUND_RETRY_MS)
    expect(await retryOwedRefunds(t.app.ctx, provider)).toBe(1)
    expect(await transfersOf(created.id)).toEqual({ duplicate: 1, duplicate_refund: 1, sale: 1 })
    expect(await retryOwedRefunds(t.app.ctx, provider)).toBe(0)
    expect((await ordersOf(buyer)).map((o) => o.status)).toEqual(['paid'])
  })
})

describe('Buy is rate-limited', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('per person (10 in 10 minutes) and per address (30), with Retry-After, writing nothing more', async () => {
    const seller = await createUser(limited)
    await setPrice(limited, seller, 500)
    const buy = (who: TestUser) =>
      limited.request({
        method: 'POST',
        url: '/api/orders',
        cookie: who.cookie,
        body: { kind: 'subscription', writerId: seller.id },
      })
    const eager = await createUser(limited)
    for (let i = 0; i < 10; i += 1) expect((await buy(eager)).statusCode).toBeLessThan(300)
    const blocked = await buy(eager)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('rate_limited')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    // Others at the same address: 30 Buys in all from it (the one refused per person is not
    // counted), then 429 for anyone there.
    const others = await Promise.all([createUser(limited), createUser(limited)])
    for (let i = 0; i < 20; i += 1) expect((await buy(others[i % 2])).statusCode).toBeLessThan(300)
    const crowd = await buy(await createUser(limited))
    expect(crowd.statusCode).toBe(429)
    const { rows } = await limited.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from "order" where item_id = ${seller.id}`,
    )
    expect(rows[0].n).toBe(3)
  })
})
