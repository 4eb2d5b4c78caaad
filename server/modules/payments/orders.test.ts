import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writerBalance } from '#server/core/ledger/ledger.ts'
import { subscription } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { moneyCounts, orderFor, setPrice } from './payments.fixtures.ts'

let t: TestApp
let writer: TestUser
let reader: TestUser
let other: TestUser
let admin: TestUser
let freeWriter: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t, { name: 'Grace Writer' })
  reader = await createUser(t, { name: 'Rita Reader' })
  other = await createUser(t, { name: 'Oscar Other' })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  freeWriter = await createUser(t, { name: 'Free Writer' })
  await setPrice(t, writer, 500)
})
afterAll(() => t.close())

const pay = (user: TestUser, orderId: string, outcome: string) =>
  t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${orderId}/pay`,
    cookie: user.cookie,
    body: { outcome },
  })

describe('signed out', () => {
  it('every payments route answers 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    for (const [method, url, body] of [
      ['POST', '/api/orders', { kind: 'subscription', writerId: 'x' }],
      ['GET', `/api/orders/${id}`],
      ['POST', `/api/orders/${id}/checkout`],
      ['GET', '/api/me/orders'],
      ['POST', `/api/payments/sandbox/${id}/pay`, { outcome: 'succeed' }],
      ['POST', `/api/admin/orders/${id}/refund`],
    ] as const) {
      const res = await t.request({ method, url, body })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('POST /api/orders', () => {
  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await moneyCounts(t)
    const cases = [
      [{ kind: 'ebook', writerId: writer.id }, 'kind'],
      [{ kind: 'book', bookId: 'not-a-book' }, 'bookId'],
      [{ kind: 'book', bookId: '00000000-0000-4000-8000-000000000000', price: 1 }, ''],
      [{ kind: 'subscription' }, 'writerId'],
      [{ kind: 'subscription', writerId: writer.id, amount: 1 }, ''],
      [{ kind: 'subscription', writerId: writer.id, price: 1, currency: 'EUR' }, ''],
    ] as const
    for (const [body, field] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/orders', cookie: reader.cookie, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      const fields = res.json().error.fields
      if (field) expect(fields[field]).toBeTruthy()
      else expect(JSON.stringify(fields)).toContain('The price is set by Inkwell')
    }
    expect(await moneyCounts(t)).toEqual(before)
  })

  it('refuses a free writer, yourself and an unknown writer, writing nothing', async () => {
    const before = await moneyCounts(t)
    const send = (by: TestUser, writerId: string) =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: by.cookie,
        body: { kind: 'subscription', writerId },
      })
    expect((await send(reader, freeWriter.id)).statusCode).toBe(409)
    expect((await send(writer, writer.id)).json().error.fields.writerId).toMatch(/yourself/)
    expect((await send(reader, randomUUID())).statusCode).toBe(404)
    expect((await send(reader, 'no-such-writer')).json().error.fields.writerId).toBeTruthy()
    expect(await moneyCounts(t)).toEqual(before)
  })

  it('sets the amount from the writer price and returns the sandbox checkout', async () => {
    const created = await orderFor(t, reader, writer)
    expect(created).toMatchObject({
      status: 'pending',
      amount: 500,
      currency: 'USD',
      checkoutUrl: `/payment/checkout/${created.id}`,
      item: {
        kind: 'subscription',
        id: writer.id,
        title: 'Monthly subscription to Grace Writer',
        seller: { name: 'Grace Writer' },
      },
    })
  })
})

describe('GET /api/orders/:id and /api/me/orders', () => {
  it("answers 404 for another person's order and for a bad id", async () => {
    const mine = await orderFor(t, reader, writer)
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${mine.id}`, cookie: other.cookie })).statusCode,
    ).toBe(404)
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${mine.id}`, cookie: admin.cookie })).statusCode,
    ).toBe(404)
    const bad = await t.request({ method: 'GET', url: '/api/orders/not-a-uuid', cookie: reader.cookie })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.id).toBe('Unknown order')
    const own = await t.request({ method: 'GET', url: `/api/orders/${mine.id}`, cookie: reader.cookie })
    expect(own.json()).toMatchObject({ id: mine.id, status: 'pending', amount: 500 })
  })

  it('lists only my orders, newest first, page by page', async () => {
    const buyer = await createUser(t)
    const ids = []
    for (let i = 0; i < 3; i += 1) {
      const seller = await createUser(t)
      await setPrice(t, seller, 300 + i)
      ids.push((await orderFor(t, buyer, seller)).id)
    }
    await orderFor(t, other, writer)
    const first = await t.request({ method: 'GET', url: '/api/me/orders?limit=2', cookie: buyer.cookie })
    const page1 = first.json()
    expect(page1.items).toHaveLength(2)
    const second = await t.request({
      method: 'GET',
      url: `/api/me/orders?limit=2&cursor=${page1.nextCursor}`,
      cookie: buyer.cookie,
    })
    const seen = [...page1.items, ...second.json().items].map((o: { id: string }) => o.id)
    expect(new Set(seen)).toEqual(new Set(ids))
    expect(second.json().nextCursor).toBeNull()
  })
})

describe('the sandbox checkout', () => {
  it("refuses another person's order (404) and a bad outcome (400), writing nothing", async () => {
    const mine = await orderFor(t, reader, writer)
    const before = await moneyCounts(t)
    expect((await pay(other, mine.id, 'succeed')).statusCode).toBe(404)
    const bad = await pay(reader, mine.id, 'steal')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.outcome).toBeTruthy()
    expect(await moneyCounts(t)).toEqual(before)
  })

  it('decline → failed, then pay → paid: a subscription for a month, the ledger and the writer balance', async () => {
    const buyer = await createUser(t, { name: 'Paying Reader' })
    const created = await orderFor(t, buyer, writer)
    const declined = await pay(buyer, created.id, 'decline')
    expect(declined.json()).toEqual({ redirectTo: `/payment/failed?order=${created.id}` })
    const failed = await t.request({ method: 'GET', url: `/api/orders/${created.id}`, cookie: buyer.cookie })
    expect(failed.json().status).toBe('failed')

    const errored = await pay(buyer, created.id, 'error')
    expect(errored.json()).toEqual({ redirectTo: `/payment/error?order=${created.id}` })

    const balanceBefore = await writerBalance(t.database.db, writer.id)
    const paid = await pay(buyer, created.id, 'succeed')
    expect(paid.json()).toEqual({ redirectTo: `/payment/success?order=${created.id}` })
    const after = await t.request({ method: 'GET', url: `/api/orders/${created.id}`, cookie: buyer.cookie })
    expect(after.json()).toMatchObject({ status: 'paid', checkoutUrl: null })
    // 15% of 5.00 is 0.75: the writer keeps 4.25.
    expect((await writerBalance(t.database.db, writer.id)) - balanceBefore).toBe(425)
    const [sub] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.subscriberId, buyer.id))
    expect(sub).toMatchObject({ kind: 'paid', price: 500, status: 'active', writerId: writer.id })
    expect(sub.currentPeriodEnd!.getTime() - sub.currentPeriodStart!.getTime()).toBeGreaterThan(
      27 * 86_400_000,
    )

    expect((await pay(buyer, created.id, 'succeed')).statusCode).toBe(409)
    const again = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: buyer.cookie,
      body: { kind: 'subscription', writerId: writer.id },
    })
    expect(again.statusCode).toBe(409)
  })
})

describe('POST /api/admin/orders/:id/refund', () => {
  it('is for admins only, and reverses the ledger and ends access', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    await pay(buyer, created.id, 'succeed')
    const balance = await writerBalance(t.database.db, writer.id)
    const url = `/api/admin/orders/${created.id}/refund`
    expect((await t.request({ method: 'POST', url, cookie: buyer.cookie })).statusCode).toBe(403)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/orders/${missing}/refund`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(404)
    const res = await t.request({ method: 'POST', url, cookie: admin.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('refunded')
    expect(await writerBalance(t.database.db, writer.id)).toBe(balance - 425)
    const [sub] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.subscriberId, buyer.id))
    expect(sub.status).toBe('ended')
    expect((await t.request({ method: 'POST', url, cookie: admin.cookie })).statusCode).toBe(409)
  })
})
