import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { order, paymentEvent } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { moneyCounts, orderFor, setPrice } from './payments.fixtures.ts'
import { CHECKOUT_EXPIRY_MS, cancelAbandonedCheckouts, renewalProvider } from './renewal.service.ts'

// Try again (POST /api/orders/:id/checkout) and abandoned checkouts in the sandbox: an order still
// pending 24 hours after it was made is cancelled by housekeeping, once. (Stripe: stripe.test.ts.)

const clock = createTestClock(new Date('2026-05-04T09:00:00Z'))
let t: TestApp
let writer: TestUser
let reader: TestUser
let other: TestUser

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  writer = await createUser(t, { name: 'Grace Writer' })
  reader = await createUser(t, { name: 'Rita Reader' })
  other = await createUser(t, { name: 'Oscar Other' })
  await setPrice(t, writer, 500)
})
afterAll(() => t.close())

const retry = (user: TestUser | undefined, id: string) =>
  t.request({ method: 'POST', url: `/api/orders/${id}/checkout`, cookie: user?.cookie })
const pay = (user: TestUser, id: string, outcome: string) =>
  t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${id}/pay`,
    cookie: user.cookie,
    body: { outcome },
  })
const orderRow = async (id: string) => (await t.database.db.select().from(order).where(eq(order.id, id)))[0]

describe('POST /api/orders/:id/checkout', () => {
  it('answers 401 signed out, 404 for another person or no such order, 400 for a bad id, writing nothing', async () => {
    const mine = await orderFor(t, reader, writer)
    const before = await moneyCounts(t)
    const row = await orderRow(mine.id)
    expect((await retry(undefined, mine.id)).statusCode).toBe(401)
    expect((await retry(other, mine.id)).statusCode).toBe(404)
    expect((await retry(reader, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const bad = await retry(reader, 'not-a-uuid')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.id).toBe('Unknown order')
    expect(await moneyCounts(t)).toEqual(before)
    expect(await orderRow(mine.id)).toEqual(row)
  })

  it('gives a declined order its checkout again; paying it then works', async () => {
    const created = await orderFor(t, reader, writer)
    expect((await pay(reader, created.id, 'decline')).statusCode).toBe(200)
    const res = await retry(reader, created.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: created.id,
      status: 'failed',
      checkoutUrl: `/payment/checkout/${created.id}`,
    })
    expect((await pay(reader, res.json().id, 'succeed')).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('paid')
  })

  it('answers 409 for a paid or a cancelled order, changing nothing', async () => {
    const buyer = await createUser(t)
    const paid = await orderFor(t, buyer, writer)
    expect((await pay(buyer, paid.id, 'succeed')).statusCode).toBe(200)
    const paidRow = await orderRow(paid.id)
    const res = await retry(buyer, paid.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/paid: there is nothing to pay/)
    expect(await orderRow(paid.id)).toEqual(paidRow)
  })
})

describe('abandoned sandbox checkouts (housekeeping)', () => {
  it('cancels an order still pending 24 hours after it was made, once, and it can no longer be paid', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const provider = renewalProvider(t.app.ctx)
    clock.advance(CHECKOUT_EXPIRY_MS - 60_000)
    await cancelAbandonedCheckouts(t.app.ctx, provider)
    expect((await orderRow(created.id)).status).toBe('pending')

    clock.advance(2 * 60_000)
    // Two housekeeping runs (two server processes) racing: one cancellation, one event recorded.
    await Promise.all([
      cancelAbandonedCheckouts(t.app.ctx, provider),
      cancelAbandonedCheckouts(t.app.ctx, provider),
    ])
    await cancelAbandonedCheckouts(t.app.ctx, provider)
    expect((await orderRow(created.id)).status).toBe('cancelled')
    const events = await t.database.db
      .select()
      .from(paymentEvent)
      .where(and(eq(paymentEvent.orderId, created.id), eq(paymentEvent.type, 'payment.cancelled')))
    expect(events).toHaveLength(1)

    const payAfter = await pay(buyer, created.id, 'succeed')
    expect(payAfter.statusCode).toBe(409)
    expect(payAfter.json().error.message).toMatch(/already cancelled/)
    expect((await retry(buyer, created.id)).statusCode).toBe(409)
    expect((await orderRow(created.id)).status).toBe('cancelled')
  })

  it('leaves a paid or declined order alone, however old', async () => {
    const buyer = await createUser(t)
    const secondWriter = await createUser(t)
    await setPrice(t, secondWriter, 400)
    const paid = await orderFor(t, buyer, writer)
    const declined = await orderFor(t, buyer, secondWriter)
    expect((await pay(buyer, paid.id, 'succeed')).statusCode).toBe(200)
    expect((await pay(buyer, declined.id, 'decline')).statusCode).toBe(200)
    clock.advance(2 * CHECKOUT_EXPIRY_MS)
    await cancelAbandonedCheckouts(t.app.ctx, renewalProvider(t.app.ctx))
    expect((await orderRow(paid.id)).status).toBe('paid')
    expect((await orderRow(declined.id)).status).toBe('failed')
  })
})
