import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { order, subscription } from '#server/db/schema/index.ts'
import { readConfig } from '#server/env.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { writerBalance } from './ledger.ts'
import { moneyCounts, orderFor, setPrice } from './payments.fixtures.ts'

// The Stripe provider end to end: the SDK's outbound calls go to a small Stripe stand-in on
// 127.0.0.1 (never the internet); webhooks are signed with the SDK's own test header.

const SECRET = 'whsec_test_inkwell_stripe_0123456789'
const signer = new Stripe('sk_test_signer_only')

interface Call {
  method: string
  path: string
  query: URLSearchParams
  form: URLSearchParams
  headers: http.IncomingHttpHeaders
}

/** Answers the few endpoints the provider uses with Stripe-shaped JSON, and records each call. */
function startStripeStandIn() {
  const calls: Call[] = []
  const refunds: Record<string, unknown>[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const call = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(body),
        headers: req.headers,
      }
      calls.push(call)
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` })
        res.end(JSON.stringify(json))
      }
      const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: url.pathname })
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`
        return answer(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          client_reference_id: call.form.get('client_reference_id'),
          metadata: { orderId: call.form.get('metadata[orderId]') },
        })
      }
      if (call.method === 'GET' && call.path === '/v1/invoice_payments') {
        const invoice = call.query.get('invoice')
        return answer(
          200,
          list([
            {
              id: `inpay_${invoice}`,
              object: 'invoice_payment',
              invoice,
              status: 'paid',
              is_default: true,
              payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
            },
          ]),
        )
      }
      if (call.method === 'POST' && call.path === '/v1/refunds') {
        const paymentIntent = call.form.get('payment_intent') ?? ''
        const refund = {
          id: `re_${refunds.length + 1}`,
          object: 'refund',
          status: 'succeeded',
          payment_intent: paymentIntent,
          charge: `ch_${paymentIntent}`,
          metadata: { orderId: call.form.get('metadata[orderId]') },
        }
        refunds.push(refund)
        return answer(200, refund)
      }
      if (call.method === 'GET' && call.path === '/v1/refunds') {
        return answer(200, list(refunds.filter((refund) => refund.charge === call.query.get('charge'))))
      }
      answer(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${call.path}` } })
    })
  })
  return new Promise<{ server: http.Server; calls: Call[]; port: number }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, calls, port: (server.address() as AddressInfo).port }),
    ),
  )
}

let t: TestApp
let stand: Awaited<ReturnType<typeof startStripeStandIn>>
let writer: TestUser
let admin: TestUser

beforeAll(async () => {
  stand = await startStripeStandIn()
  t = await buildTestApp({
    payments: {
      provider: 'stripe',
      webhookSecret: SECRET,
      platformFeePercent: 10,
      stripe: {
        secretKey: 'sk_test_inkwell',
        api: { host: '127.0.0.1', port: stand.port, protocol: 'http' },
      },
    },
  })
  writer = await createUser(t, { name: 'Stripe Writer' })
  admin = await createUser(t, { name: 'Stripe Admin', role: 'admin' })
  await setPrice(t, writer, 1000)
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => stand.server.close(resolve))
})

const orderRow = async (id: string) => (await t.database.db.select().from(order).where(eq(order.id, id)))[0]
const transfers = async (orderId: string) =>
  (
    await t.database.db.execute<{ kind: string }>(
      sql`select kind from ledger_transfer where order_id = ${orderId} order by kind`,
    )
  ).rows.map((row) => row.kind)

/** A Stripe event as Stripe sends it, and its Stripe-Signature header. */
function stripeEvent(type: string, object: Record<string, unknown>, at = new Date()) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(at.getTime() / 1000),
    type,
    data: { object },
  })
  const timestamp = Math.floor(at.getTime() / 1000)
  return {
    payload,
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp }),
  }
}

const post = (payload: string | Buffer, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })

const completed = (
  orderId: string,
  invoice = `in_${orderId.slice(0, 8)}`,
  at = new Date(),
  type = 'checkout.session.completed',
  paymentStatus = 'paid',
) =>
  stripeEvent(
    type,
    {
      id: `cs_done_${orderId}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: paymentStatus,
      amount_total: 1000,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { orderId },
      invoice,
      subscription: `sub_${orderId.slice(0, 8)}`,
    },
    at,
  )

/** A paid order: created through the API, then completed by a signed event. */
async function paidOrder() {
  const created = await orderFor(t, await createUser(t), writer)
  const { payload, signature } = completed(created.id)
  expect((await post(payload, signature)).statusCode).toBe(200)
  return created
}

describe('config', () => {
  it('refuses to start with PAYMENTS_PROVIDER=stripe and no STRIPE_SECRET_KEY, saying which', () => {
    const env = { PAYMENTS_PROVIDER: 'stripe', PAYMENTS_WEBHOOK_SECRET: SECRET }
    expect(() => readConfig(env)).toThrow(/STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe/)
    expect(readConfig({ ...env, STRIPE_SECRET_KEY: 'sk_test_x' }).payments.stripe).toEqual({
      secretKey: 'sk_test_x',
    })
  })
})

describe('checkout', () => {
  it('creates a subscription Checkout Session priced from the order and keeps its id', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const call = stand.calls.findLast((c) => c.path === '/v1/checkout/sessions')
    expect(call?.method).toBe('POST')
    expect(call?.headers.authorization).toBe('Bearer sk_test_inkwell')
    expect(call?.headers['stripe-version']).toBe('2026-10-28.endive')
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][recurring][interval]': 'month',
      client_reference_id: created.id,
      'metadata[orderId]': created.id,
      'subscription_data[metadata][orderId]': created.id,
      success_url: `${TEST_ORIGIN}/payment/success?order=${created.id}`,
      cancel_url: `${TEST_ORIGIN}/payment/failed?order=${created.id}`,
    })
    expect(call?.form.get('line_items[0][price_data][product_data][name]')).toContain('Stripe Writer')
    const row = await orderRow(created.id)
    expect(row.providerCheckoutRef).toMatch(/^cs_test_/)
    expect(created.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${row.providerCheckoutRef}`)
  })
})

describe('webhook', () => {
  it('checkout.session.completed, delivered 3 times, fulfils once', async () => {
    const created = await orderFor(t, await createUser(t), writer)
    const { payload, signature } = completed(created.id, 'in_first')
    const answers = []
    for (let i = 0; i < 3; i += 1) answers.push((await post(payload, signature)).json())
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true])
    expect(await transfers(created.id)).toEqual(['sale'])
    const row = await orderRow(created.id)
    expect(row.status).toBe('paid')
    expect(row.providerPaymentRef).toBe('in_first')
  })

  it('an unpaid completion waits, an expired session fails the order, a delayed payment then pays it', async () => {
    const created = await orderFor(t, await createUser(t), writer)
    const now = new Date()
    for (const [type, paymentStatus, status] of [
      ['checkout.session.completed', 'unpaid', 'pending'],
      ['checkout.session.expired', 'unpaid', 'failed'],
      ['checkout.session.async_payment_succeeded', 'paid', 'paid'],
    ]) {
      const { payload, signature } = completed(created.id, 'in_delayed', now, type, paymentStatus)
      expect((await post(payload, signature)).statusCode).toBe(200)
      expect((await orderRow(created.id)).status).toBe(status)
    }
    expect(await transfers(created.id)).toEqual(['sale'])
  })

  it('refuses a bad signature, an old timestamp and a changed byte, writing nothing', async () => {
    const created = await orderFor(t, await createUser(t), writer)
    const { payload, signature } = completed(created.id)
    const stale = completed(created.id, undefined, new Date(Date.now() - 10 * 60_000))
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another_secret' })
    const changed = Buffer.from(payload)
    changed[changed.length - 3] ^= 1
    const before = await moneyCounts(t)
    for (const [body, header] of [
      [payload, wrongSecret],
      [stale.payload, stale.signature],
      [changed, signature],
      [payload, ''],
    ] as const) {
      const res = await post(body, header)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.signature).toBeTruthy()
    }
    expect(await moneyCounts(t)).toEqual(before)
    expect((await orderRow(created.id)).status).toBe('pending')
  })

  it('invoice.paid for a cycle renews once and extends the period', async () => {
    const created = await paidOrder()
    const [before] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.orderId, created.id))
    const invoice = {
      id: `in_cycle_${created.id.slice(0, 8)}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 1000,
      amount_due: 1000,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: `sub_${created.id.slice(0, 8)}`,
          metadata: { orderId: created.id },
        },
      },
    }
    // Stripe may send the same invoice's payment under two event ids: still one renewal.
    for (const event of [stripeEvent('invoice.paid', invoice), stripeEvent('invoice.paid', invoice)]) {
      expect((await post(event.payload, event.signature)).statusCode).toBe(200)
    }
    expect(await transfers(created.id)).toEqual(['renewal', 'sale'])
    const [after] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.orderId, created.id))
    expect(after.currentPeriodEnd?.getTime()).toBeGreaterThan(before.currentPeriodEnd?.getTime() ?? Infinity)
  })

  it('an admin refund asks Stripe, and charge.refunded reverses the ledger', async () => {
    const created = await paidOrder()
    const balance = await writerBalance(t.database.db, writer.id)
    const ref = (await orderRow(created.id)).providerPaymentRef
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${created.id}/refund`,
      cookie: admin.cookie,
    })
    expect(res.statusCode).toBe(200)
    const refundCall = stand.calls.findLast((c) => c.method === 'POST' && c.path === '/v1/refunds')
    expect(refundCall?.form.get('payment_intent')).toBe(`pi_${ref}`)
    expect(refundCall?.form.get('metadata[orderId]')).toBe(created.id)

    const { payload, signature } = stripeEvent('charge.refunded', {
      id: `ch_pi_${ref}`,
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      currency: 'usd',
      refunded: true,
      payment_intent: `pi_${ref}`,
      metadata: {},
    })
    expect((await post(payload, signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('refunded')
    expect(await transfers(created.id)).toEqual(['refund', 'sale'])
    expect(await writerBalance(t.database.db, writer.id)).toBe(balance - 900)
  })

  it('answers 200 to an event type Inkwell does not use, writing nothing', async () => {
    const before = await moneyCounts(t)
    const { payload, signature } = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' })
    const res = await post(payload, signature)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, duplicate: false })
    expect(await moneyCounts(t)).toEqual(before)
  })
})
