import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { DAY_MS, ledgerSums, refund, releaseAll, sell, transfersOf } from './earnings.fixtures.ts'

// Pending → available after the refund window, exactly once; refunds before and after (decision 022).

const clock = createTestClock()
let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
})
afterAll(() => t.close())

/** A writer at 10.00 a month: each sale is 8.50 net at the 15% fee. */
async function newWriter() {
  const writer = await createUser(t, { name: 'Release Writer' })
  await setPrice(t, writer, 1000)
  return writer
}

const summary = async (writer: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/me/earnings', cookie: writer.cookie })).json()

describe('release', () => {
  it('keeps a sale pending inside the window and releases it once after, under 6 racing runs', async () => {
    const writer = await newWriter()
    await sell(t, writer)
    await sell(t, writer)
    clock.set(new Date(Date.now() + (t.config.payments.refundWindowDays - 1) * DAY_MS))
    await releaseEarnings(t.app.ctx)
    clock.set(new Date())
    expect(await ledgerSums(t, writer.id)).toMatchObject({ pending: 1700, available: 0 })

    await releaseAll(t, clock, 6)
    expect(await transfersOf(t, writer.id, 'release')).toBe(2)
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 1700, payoutPending: 0, owed: 0 })
    expect(await summary(writer)).toMatchObject({ pending: 0, available: 1700, owed: 0 })
    await releaseAll(t, clock, 2)
    expect(await transfersOf(t, writer.id, 'release')).toBe(2)
  })

  it('releases in batches, each run continuing where the last stopped', async () => {
    const writer = await newWriter()
    for (let i = 0; i < 3; i += 1) await sell(t, writer)
    clock.set(new Date(Date.now() + (t.config.payments.refundWindowDays + 1) * DAY_MS))
    const runs = []
    for (let i = 0; i < 4; i += 1) runs.push(await releaseEarnings(t.app.ctx, 1))
    clock.set(new Date())
    expect(runs).toEqual([1, 1, 1, 0])
    expect(await ledgerSums(t, writer.id)).toMatchObject({ pending: 0, available: 2550 })
  })

  it('never releases a sale refunded inside the window', async () => {
    const writer = await newWriter()
    const sale = await sell(t, writer)
    await refund(t, sale)
    await releaseAll(t, clock)
    expect(await transfersOf(t, writer.id, 'release')).toBe(0)
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 0, payoutPending: 0, owed: 0 })
  })

  it('a refund after the release takes the net back from available', async () => {
    const writer = await newWriter()
    const sale = await sell(t, writer)
    await sell(t, writer)
    await releaseAll(t, clock)
    // Through the admin's refund, as an admin would.
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${sale.orderId}/refund`,
      cookie: admin.cookie,
    })
    expect(res.statusCode).toBe(200)
    expect(await transfersOf(t, writer.id, 'reclaim')).toBe(1)
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 850, payoutPending: 0, owed: 0 })
    expect(await summary(writer)).toMatchObject({
      available: 850,
      lifetime: { gross: 1000, fees: 150, net: 850 },
    })
  })

  it('a refund after the money was requested leaves a debt, paid off first by the next release', async () => {
    const writer = await newWriter()
    const first = await sell(t, writer)
    await sell(t, writer)
    await releaseAll(t, clock)
    const payout = await t.request({
      method: 'POST',
      url: '/api/me/payouts',
      cookie: writer.cookie,
      body: { amount: 1700 },
    })
    expect(payout.statusCode).toBe(201)
    await refund(t, first)
    expect(await ledgerSums(t, writer.id)).toEqual({
      pending: 0,
      available: 0,
      payoutPending: 1700,
      owed: -850,
    })
    expect(await summary(writer)).toMatchObject({ available: 0, owed: 850 })

    // The next sale's release settles the debt before anything becomes available.
    await sell(t, writer)
    await releaseAll(t, clock)
    expect(await ledgerSums(t, writer.id)).toMatchObject({ pending: 0, available: 0, owed: 0 })
    await sell(t, writer)
    await releaseAll(t, clock)
    expect(await ledgerSums(t, writer.id)).toMatchObject({ available: 850, owed: 0 })
    // A rejected payout also pays debt first: none is left, so all of it is available again.
    await t.request({
      method: 'POST',
      url: `/api/admin/payouts/${payout.json().id}/reject`,
      cookie: admin.cookie,
      body: { reason: 'Bank details missing' },
    })
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 2550, payoutPending: 0, owed: 0 })
  })

  it('a refund racing the release ends balanced either way: released and reclaimed, or never released', async () => {
    const writer = await newWriter()
    const sales = await Promise.all([sell(t, writer), sell(t, writer), sell(t, writer)])
    clock.set(new Date(Date.now() + (t.config.payments.refundWindowDays + 1) * DAY_MS))
    await Promise.all([
      releaseEarnings(t.app.ctx),
      ...sales.map((s) => refund(t, s, clock.now())),
      releaseEarnings(t.app.ctx),
    ])
    clock.set(new Date())
    const sums = await ledgerSums(t, writer.id)
    expect(sums).toEqual({ pending: 0, available: 0, payoutPending: 0, owed: 0 })
    expect(await transfersOf(t, writer.id, 'reclaim')).toBe(await transfersOf(t, writer.id, 'release'))
  })
})
