import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { ledgerEntry, ledgerTransfer } from '#server/db/schema/index.ts'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { earningsCounts, refund, releaseAll, sell } from '#server/modules/earnings/earnings.fixtures.ts'
import { examFixtures } from '#server/modules/exams/exams.fixtures.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// GET /api/admin/totals: the platform's counts and its money by month, each compared with what
// this file made happen through the API (and one sale dated months back, as the demo seed writes it).

const SUBSCRIPTION = 1000
const BOOK = 1299
const OLD_RENEWAL = 2000

const clock = createTestClock()
let t: TestApp
let admin: TestUser
let reader: TestUser
let before: Record<string, unknown>

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })
const post = (url: string, cookie: string, body?: unknown) => t.request({ method: 'POST', url, cookie, body })
const monthOf = (at: Date, back = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)).toISOString().slice(0, 7)
// Worked out here, not through the server's feeOf: whole cents, rounded down.
const feeOf = (gross: number) => Math.floor((gross * t.config.payments.platformFeePercent) / 100)

async function totals(query = '') {
  const res = await get(`/api/admin/totals${query}`, admin.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  reader = await createUser(t, { name: 'Rhea Reader' })
  before = await totals()

  // Writers: one with two published posts and paid subscribers, one with a published book, one
  // with a published exam. Someone whose only post waits in review is not a writer yet.
  const poet = await createUser(t, { name: 'Pia Poet' })
  const novelist = await createUser(t, { name: 'Nils Novelist' })
  const examiner = await createUser(t, { name: 'Eva Examiner' })
  const hopeful = await createUser(t, { name: 'Hal Hopeful' })
  const first = await publishedPost(t, admin, poet, {
    title: 'Tides',
    bodyHtml: '<p>Sea.</p>',
    access: 'free',
  })
  const second = await publishedPost(t, admin, poet, {
    title: 'Reefs',
    bodyHtml: '<p>Coral.</p>',
    access: 'free',
  })
  const draft = await post('/api/posts', hopeful.cookie, {
    title: 'Waiting',
    category: 'fiction',
    bodyHtml: '<p>Soon.</p>',
    tags: [],
    access: 'free',
  })
  expect((await post(`/api/posts/${draft.json().id}/submit`, hopeful.cookie)).statusCode).toBe(200)
  const book = await publishedBook(t, admin, novelist, ['<p>One.</p>', '<p>Two.</p>'], { price: BOOK })
  await examFixtures(t).publishedExam(examiner, admin)

  // A report on each of the poet's posts: one dismissed, one still open.
  const reports = []
  for (const target of [first, second]) {
    const filed = await post('/api/reports', reader.cookie, {
      targetType: 'post',
      targetId: target.id,
      reason: 'spam',
    })
    expect(filed.statusCode, filed.body).toBe(201)
    reports.push(filed.json().id as string)
  }
  const dismissed = await post(`/api/admin/reports/${reports[0]}/resolve`, admin.cookie, {
    action: 'dismiss',
  })
  expect(dismissed.statusCode, dismissed.body).toBe(200)

  // Money this month: three subscriptions to the poet (one refunded) and two copies of the book.
  await setPrice(t, poet, SUBSCRIPTION)
  const sales = [await sell(t, poet), await sell(t, poet), await sell(t, poet)]
  await refund(t, sales[2])
  await buyBook(t, await createUser(t), book.id)
  await buyBook(t, await createUser(t), book.id)
  await releaseAll(t, clock)

  // One payout request left open; another rejected (its money back, nothing waiting).
  const open = await post('/api/me/payouts', poet.cookie, { amount: 1200 })
  expect(open.statusCode, open.body).toBe(201)
  const rejected = await post('/api/me/payouts', novelist.cookie, { amount: 1000 })
  expect(rejected.statusCode, rejected.body).toBe(201)
  const decided = await post(`/api/admin/payouts/${rejected.json().id}/reject`, admin.cookie, {
    reason: 'Bank details missing',
  })
  expect(decided.statusCode, decided.body).toBe(200)

  // A renewal two months back, written dated the way the demo seed writes its history.
  const at = new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() - 2, 10))
  await t.database.db.transaction(async (tx) => {
    const [transfer] = await tx
      .insert(ledgerTransfer)
      .values({
        kind: 'renewal',
        provider: 'sandbox',
        paymentRef: `old_${randomUUID()}`,
        orderId: randomUUID(),
        createdAt: at,
      })
      .returning({ id: ledgerTransfer.id })
    const fee = feeOf(OLD_RENEWAL)
    await tx.insert(ledgerEntry).values(
      [
        { account: 'buyer:external', amount: -OLD_RENEWAL },
        { account: 'platform:fees', amount: fee },
        { account: `writer:${poet.id}:pending`, amount: OLD_RENEWAL - fee },
      ].map((e) => ({ ...e, transferId: transfer.id, currency: 'USD', createdAt: at })),
    )
  })
})
afterAll(() => t.close())

describe('GET /api/admin/totals: what it counts', () => {
  it('counts accounts, writers, published work, open reports and open payouts', async () => {
    const after = await totals()
    const was = before as {
      users: number
      writers: number
      published: { posts: number; books: number; exams: number }
      openReports: number
      openPayouts: { count: number; amount: number }
    }
    expect(after).toMatchObject({
      // Poet, novelist, examiner, hopeful and two book buyers, and the three subscribers sell() signs up.
      users: was.users + 9,
      writers: was.writers + 3,
      published: {
        posts: was.published.posts + 2,
        books: was.published.books + 1,
        exams: was.published.exams + 1,
      },
      openReports: was.openReports + 1,
      openPayouts: { count: was.openPayouts.count + 1, amount: was.openPayouts.amount + 1200 },
      currency: 'USD',
    })
    // The waiting count the admin badge reads holds the open request too.
    const waiting = (await get('/api/admin/waiting', admin.cookie)).json()
    expect(waiting.payouts).toBe(after.openPayouts.count)
    expect(waiting.reports).toBe(after.openReports)
  })

  it('sums the ledger by month: sales, gross, fees and net after refunds, and the refunds', async () => {
    const now = clock.now()
    const subFee = feeOf(SUBSCRIPTION)
    const bookFee = feeOf(BOOK)
    const thisMonth = {
      month: monthOf(now),
      sales: 5,
      gross: 3 * SUBSCRIPTION + 2 * BOOK - SUBSCRIPTION,
      fees: 3 * subFee + 2 * bookFee - subFee,
      net: 3 * (SUBSCRIPTION - subFee) + 2 * (BOOK - bookFee) - (SUBSCRIPTION - subFee),
      refunds: SUBSCRIPTION,
    }
    const twoBack = {
      month: monthOf(now, 2),
      sales: 1,
      gross: OLD_RENEWAL,
      fees: feeOf(OLD_RENEWAL),
      net: OLD_RENEWAL - feeOf(OLD_RENEWAL),
      refunds: 0,
    }
    const empty = { sales: 0, gross: 0, fees: 0, net: 0, refunds: 0 }
    expect((before as { months: unknown[] }).months).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ month: monthOf(now, 11 - i), ...empty })),
    )

    expect((await totals('?months=3')).months).toEqual([
      twoBack,
      { month: monthOf(now, 1), ...empty },
      thisMonth,
    ])
    expect((await totals('?months=1')).months).toEqual([thisMonth])
    const year = (await totals()).months
    expect(year).toHaveLength(12)
    expect(year[0].month).toBe(monthOf(now, 11))
    expect(year.slice(9)).toEqual([twoBack, { month: monthOf(now, 1), ...empty }, thisMonth])
    expect((await totals('?months=36')).months).toHaveLength(36)
  })
})

describe('GET /api/admin/totals: who may read it', () => {
  it('answers 401 signed out and 403 to writers and readers', async () => {
    expect((await get('/api/admin/totals')).statusCode).toBe(401)
    const writer = await createUser(t, { name: 'Wren Writer' })
    await publishedPost(t, admin, writer, { title: 'Mine', bodyHtml: '<p>Mine.</p>', access: 'free' })
    for (const person of [writer, reader]) {
      const res = await get('/api/admin/totals', person.cookie)
      expect(res.statusCode).toBe(403)
      expect(res.body).not.toContain('gross')
    }
    // The guard comes before the query: a non-admin learns nothing from a bad one either.
    expect((await get('/api/admin/totals?months=0', reader.cookie)).statusCode).toBe(403)
  })

  it('refuses months outside 1-36 with a message on the field, and writes nothing', async () => {
    const counts = await earningsCounts(t)
    for (const [q, message] of [
      ['months=0', 'At least 1 month'],
      ['months=37', 'At most 36 months'],
      ['months=two', 'Choose'],
      ['months=1.5', 'whole number'],
    ]) {
      const res = await get(`/api/admin/totals?${q}`, admin.cookie)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().error.fields.months, q).toContain(message)
    }
    expect(await earningsCounts(t)).toEqual(counts)
  })
})
