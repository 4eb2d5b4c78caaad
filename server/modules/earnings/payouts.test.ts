import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { notification } from '#server/db/schema/index.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { earningsCounts, ledgerSums, releaseAll, sell, transfersOf } from './earnings.fixtures.ts'

// Payout requests and the admins' decisions, through HTTP (decision 022).

const clock = createTestClock()
let t: TestApp
let admin: TestUser
let plain: TestUser

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  plain = await createUser(t, { name: 'Plain Person' })
})
afterAll(() => t.close())

/** A writer with `sales` sales of 10.00 (8.50 net each), all released to available. */
async function writerWithAvailable(sales: number) {
  const writer = await createUser(t, { name: 'Payout Writer' })
  await setPrice(t, writer, 1000)
  for (let i = 0; i < sales; i += 1) await sell(t, writer)
  await releaseAll(t, clock)
  return writer
}

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: 'POST', url, body, cookie })
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })
const request = (writer: TestUser, amount: unknown) => post('/api/me/payouts', { amount }, writer.cookie)

describe('guards', () => {
  const id = randomUUID()
  const writerRoutes: Array<[string, string, unknown]> = [
    ['GET', '/api/me/earnings', undefined],
    ['GET', '/api/me/earnings/history', undefined],
    ['GET', '/api/me/earnings/export.csv', undefined],
    ['GET', '/api/me/earnings/monthly', undefined],
    ['POST', '/api/me/payouts', { amount: 1000 }],
    ['GET', '/api/me/payouts', undefined],
    ['GET', `/api/me/payouts/${id}`, undefined],
  ]
  const adminRoutes: Array<[string, string, unknown]> = [
    ['GET', '/api/admin/payouts', undefined],
    ['GET', '/api/admin/payouts?status=open', undefined],
    ['POST', `/api/admin/payouts/${id}/paid`, { reference: 'TR-1' }],
    ['POST', `/api/admin/payouts/${id}/reject`, { reason: 'No' }],
    ['POST', '/api/admin/payouts/not-a-uuid/paid', {}],
  ]

  it.each([...writerRoutes, ...adminRoutes])('%s %s answers 401 signed out', async (method, url, body) => {
    const before = await earningsCounts(t)
    const res = await t.request({ method: method as 'GET', url, body })
    expect(res.statusCode).toBe(401)
    expect(await earningsCounts(t)).toEqual(before)
  })

  it.each(adminRoutes)('%s %s answers 403 to a writer who is not an admin', async (method, url, body) => {
    const res = await t.request({ method: method as 'GET', url, body, cookie: plain.cookie })
    expect(res.statusCode).toBe(403)
  })
})

describe('requesting a payout', () => {
  it('refuses bad amounts with field messages, writing nothing', async () => {
    const writer = await writerWithAvailable(2)
    const before = await earningsCounts(t)
    const cases: Array<[unknown, RegExp]> = [
      [999, /smallest payout is 10\.00/],
      [1701, /At most \$17\.00/],
      [1000.5, /whole number/],
      ['1000', /Enter an amount/],
      [null, /Enter an amount/],
      [-5000, /smallest payout/],
    ]
    for (const [amount, message] of cases) {
      const res = await request(writer, amount)
      expect(res.statusCode, String(amount)).toBe(400)
      expect(res.json().error.fields.amount).toMatch(message)
    }
    const extra = await post('/api/me/payouts', { amount: 1000, status: 'paid' }, writer.cookie)
    expect(extra.statusCode).toBe(400)
    expect(await earningsCounts(t)).toEqual(before)
    expect(await ledgerSums(t, writer.id)).toMatchObject({ available: 1700, payoutPending: 0 })
  })

  it('moves the amount to payout-pending by one transfer, and allows one open request at a time', async () => {
    const writer = await writerWithAvailable(2)
    const res = await request(writer, 1200)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ amount: 1200, currency: 'USD', status: 'open', reference: null })
    expect(await ledgerSums(t, writer.id)).toEqual({
      pending: 0,
      available: 500,
      payoutPending: 1200,
      owed: 0,
    })
    const summary = (await get('/api/me/earnings', writer.cookie)).json()
    expect(summary).toMatchObject({ available: 500, payoutPending: 1200, paidOut: 0, payoutMinimum: 1000 })

    const before = await earningsCounts(t)
    const again = await request(writer, 1000)
    expect(again.statusCode).toBe(409)
    expect(await earningsCounts(t)).toEqual(before)

    const mine = (await get('/api/me/payouts', writer.cookie)).json()
    expect(mine.items.map((p: { id: string }) => p.id)).toEqual([res.json().id])
    expect((await get(`/api/me/payouts/${res.json().id}`, writer.cookie)).statusCode).toBe(200)
  })

  it('10 parallel requests never overdraw: one is taken, the rest refused', async () => {
    const writer = await writerWithAvailable(2)
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(writer, 1500)))
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true)
    expect(await ledgerSums(t, writer.id)).toEqual({
      pending: 0,
      available: 200,
      payoutPending: 1500,
      owed: 0,
    })
    expect(await transfersOf(t, writer.id, 'payout')).toBe(1)
  })

  it('parallel requests after a payout was paid still never take more than is available', async () => {
    const writer = await writerWithAvailable(3)
    const first = (await request(writer, 1000)).json()
    await post(`/api/admin/payouts/${first.id}/paid`, { reference: 'TR-A' }, admin.cookie)
    // 15.50 is available: requests of 10.00 and 12.00 race; whichever wins, the other is a 409.
    const answers = await Promise.all([request(writer, 1200), request(writer, 1000), request(writer, 1550)])
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    const sums = await ledgerSums(t, writer.id)
    expect(sums.available).toBeGreaterThanOrEqual(0)
    expect(sums.available + sums.payoutPending).toBe(1550)
  })

  it("answers 404 for another writer's payout", async () => {
    const writer = await writerWithAvailable(2)
    const other = await createUser(t)
    const created = (await request(writer, 1000)).json()
    expect((await get(`/api/me/payouts/${created.id}`, other.cookie)).statusCode).toBe(404)
    expect((await get('/api/me/payouts', other.cookie)).json().items).toEqual([])
  })
})

describe('admins deciding', () => {
  it('lists open requests; marking paid moves the money out once, notifies the writer, and twice is 409', async () => {
    const writer = await writerWithAvailable(2)
    const created = (await request(writer, 1000)).json()
    const open = (await get('/api/admin/payouts?status=open', admin.cookie)).json()
    expect(open.items.find((p: { id: string }) => p.id === created.id)).toMatchObject({
      status: 'open',
      writer: { id: writer.id, name: writer.name, email: writer.email },
    })

    const before = await earningsCounts(t)
    const bad = await post(`/api/admin/payouts/${created.id}/paid`, { reference: '   ' }, admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.reference).toBeTruthy()
    expect(await earningsCounts(t)).toEqual(before)

    const paid = await post(`/api/admin/payouts/${created.id}/paid`, { reference: 'TR-42' }, admin.cookie)
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'TR-42' })
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 700, payoutPending: 0, owed: 0 })
    expect((await get('/api/me/earnings', writer.cookie)).json()).toMatchObject({
      paidOut: 1000,
      payoutPending: 0,
    })
    const notes = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.writerId, writer.id), eq(notification.kind, 'payout_paid')))
    expect(notes.map((n) => n.message)).toEqual(['Your payout of $10.00 was paid (reference TR-42)'])

    const after = await earningsCounts(t)
    const twice = await Promise.all([
      post(`/api/admin/payouts/${created.id}/paid`, { reference: 'TR-43' }, admin.cookie),
      post(`/api/admin/payouts/${created.id}/reject`, { reason: 'Late' }, admin.cookie),
    ])
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409])
    expect(await earningsCounts(t)).toEqual(after)
    expect((await get('/api/admin/payouts?status=paid', admin.cookie)).json().items[0].id).toBe(created.id)
    // The writer may ask again once nothing is open.
    expect((await request(writer, 700)).statusCode).toBe(400)
  })

  it('racing decisions on one request make one transition', async () => {
    const writer = await writerWithAvailable(2)
    const created = (await request(writer, 1000)).json()
    const answers = await Promise.all([
      post(`/api/admin/payouts/${created.id}/paid`, { reference: 'TR-1' }, admin.cookie),
      post(`/api/admin/payouts/${created.id}/reject`, { reason: 'Duplicate' }, admin.cookie),
      post(`/api/admin/payouts/${created.id}/paid`, { reference: 'TR-2' }, admin.cookie),
    ])
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2)
    const decided =
      (await transfersOf(t, writer.id, 'payout_paid')) + (await transfersOf(t, writer.id, 'payout_rejected'))
    expect(decided).toBe(1)
    expect((await ledgerSums(t, writer.id)).payoutPending).toBe(0)
  })

  it('rejecting returns the money to available and tells the writer why', async () => {
    const writer = await writerWithAvailable(2)
    const created = (await request(writer, 1500)).json()
    const before = await earningsCounts(t)
    const bad = await post(`/api/admin/payouts/${created.id}/reject`, {}, admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.reason).toBeTruthy()
    expect(await earningsCounts(t)).toEqual(before)

    const res = await post(
      `/api/admin/payouts/${created.id}/reject`,
      { reason: 'Bank details missing' },
      admin.cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Bank details missing' })
    expect(await ledgerSums(t, writer.id)).toEqual({ pending: 0, available: 1700, payoutPending: 0, owed: 0 })
    const [note] = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.writerId, writer.id), eq(notification.kind, 'payout_rejected')))
    expect(note.message).toMatch(/\$15\.00 was rejected: Bank details missing/)
    expect((await request(writer, 1700)).statusCode).toBe(201)
  })

  it('answers 404 for a payout that does not exist, and pages the list by keyset', async () => {
    const missing = await post(`/api/admin/payouts/${randomUUID()}/paid`, { reference: 'TR' }, admin.cookie)
    expect(missing.statusCode).toBe(404)
    const all = (await get('/api/admin/payouts?limit=50', admin.cookie))
      .json()
      .items.map((p: { id: string }) => p.id)
    const walked: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = (
        await get(
          `/api/admin/payouts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          admin.cookie,
        )
      ).json()
      walked.push(...page.items.map((p) => p.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(walked).toEqual(all)
    expect(all.length).toBeGreaterThan(2)
    expect((await get('/api/admin/payouts?status=maybe', admin.cookie)).statusCode).toBe(400)
  })
})
