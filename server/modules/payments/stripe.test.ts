import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writerBalance } from '#server/core/ledger/ledger.ts'
import { order, subscription } from '#server/db/schema/index.ts'
import { readConfig } from '#server/env.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { publishedPost, readPost } from './entitlement.fixtures.ts'
import { moneyCounts, orderFor, setPrice } from './payments.fixtures.ts'
import { stripeProvider } from './stripe.provider.ts'

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

type StandInSession = Record<string, unknown> & { id: string; status: string }

/**
 * Answers the few endpoints the provider uses with Stripe-shaped JSON, and records each call.
 * `sessions` holds the Checkout Sessions it made (a test moves them on: complete, expired);
 * a path in `failing` answers 500 (with stripe-should-retry: false, so the SDK does not wait).
 */
function startStripeStandIn() {
  const calls: Call[] = []
  const refunds: Record<string, unknown>[] = []
  const sessions = new Map<string, StandInSession>()
  const failing = new Set<string>()
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
      if (failing.has(call.path)) {
        res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' })
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe stand-in is down' } }))
      }
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`
        const session = {
          id,
          object: 'checkout.session',
          mode: call.form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          client_reference_id: call.form.get('client_reference_id'),
          metadata: { orderId: call.form.get('metadata[orderId]') },
          subscription: null,
        }
        sessions.set(id, session)
        return answer(200, session)
      }
      const sessionPath = call.path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/)
      if (sessionPath) {
        const session = sessions.get(sessionPath[1])
        if (!session)
          return answer(404, { error: { type: 'invalid_request_error', message: 'No such session' } })
        if (call.method === 'GET') return answer(200, session)
        if (session.status !== 'open')
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in [open] can be expired: this one is ${session.status}`,
            },
          })
        session.status = 'expired'
        return answer(200, session)
      }
      const invoicePath = call.path.match(/^\/v1\/invoices\/([^/]+)$/)
      if (call.method === 'GET' && invoicePath) {
        // Each invoice belongs to a subscription named after it (a second checkout's, say).
        return answer(200, {
          id: invoicePath[1],
          object: 'invoice',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: `sub_of_${invoicePath[1]}` },
          },
        })
      }
      if (call.method === 'DELETE' && call.path.startsWith('/v1/subscriptions/')) {
        return answer(200, { id: call.path.split('/')[3], object: 'subscription', status: 'canceled' })
      }
      if (call.method === 'POST' && call.path.startsWith('/v1/subscriptions/')) {
        return answer(200, {
          id: call.path.split('/')[3],
          object: 'subscription',
          cancel_at_period_end: call.form.get('cancel_at_period_end') === 'true',
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
          metadata: Object.fromEntries(
            [...call.form].flatMap(([key, value]) => {
              const name = key.match(/^metadata\[(.+)\]$/)?.[1]
              return name ? [[name, value]] : []
            }),
          ),
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
  return new Promise<{
    server: http.Server
    calls: Call[]
    sessions: Map<string, StandInSession>
    failing: Set<string>
    port: number
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, calls, sessions, failing, port: (server.address() as AddressInfo).port }),
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
      refundWindowDays: 14,
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

/** A Checkout Session event for `orderId` (by default: its session completed and paid). */
const completed = (
  orderId: string,
  {
    invoice = `in_${orderId.slice(0, 8)}`,
    at = new Date(),
    type = 'checkout.session.completed',
    paymentStatus = 'paid',
    session = `cs_done_${orderId}`,
  }: { invoice?: string; at?: Date; type?: string; paymentStatus?: string; session?: string } = {},
) =>
  stripeEvent(
    type,
    {
      id: session,
      object: 'checkout.session',
      mode: 'subscription',
      status: type === 'checkout.session.expired' ? 'expired' : 'complete',
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

/** A paid order: created through the API, its session completed (in the stand-in too) by a signed event. */
async function paidOrder(buyer?: TestUser) {
  const created = await orderFor(t, buyer ?? (await createUser(t)), writer)
  const session = await sessionOf(created.id)
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    subscription: `sub_${created.id.slice(0, 8)}`,
  })
  const { payload, signature } = completed(created.id, { session: session.id })
  expect((await post(payload, signature)).statusCode).toBe(200)
  return created
}

/** The stand-in's record of the order's current Checkout Session. */
const sessionOf = async (orderId: string) => {
  const ref = (await orderRow(orderId)).providerCheckoutRef
  const session = ref ? stand.sessions.get(ref) : undefined
  if (!session) throw new Error(`no stand-in session for order ${orderId}`)
  return session
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
    const { payload, signature } = completed(created.id, { invoice: 'in_first' })
    const answers = []
    for (let i = 0; i < 3; i += 1) answers.push((await post(payload, signature)).json())
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true])
    expect(await transfers(created.id)).toEqual(['sale'])
    const row = await orderRow(created.id)
    expect(row.status).toBe('paid')
    expect(row.providerPaymentRef).toBe('in_first')
  })

  it('an unpaid completion waits, a failed delayed payment fails the order, a later one pays it', async () => {
    const created = await orderFor(t, await createUser(t), writer)
    const session = (await orderRow(created.id)).providerCheckoutRef ?? ''
    const at = new Date()
    for (const [type, paymentStatus, status] of [
      ['checkout.session.completed', 'unpaid', 'pending'],
      ['checkout.session.async_payment_failed', 'unpaid', 'failed'],
      ['checkout.session.async_payment_succeeded', 'paid', 'paid'],
    ]) {
      const { payload, signature } = completed(created.id, {
        invoice: 'in_delayed',
        at,
        type,
        paymentStatus,
        session,
      })
      expect((await post(payload, signature)).statusCode).toBe(200)
      expect((await orderRow(created.id)).status).toBe(status)
    }
    expect(await transfers(created.id)).toEqual(['sale'])
  })

  it('refuses a bad signature, an old timestamp and a changed byte, writing nothing', async () => {
    const created = await orderFor(t, await createUser(t), writer)
    const { payload, signature } = completed(created.id)
    const stale = completed(created.id, { at: new Date(Date.now() - 10 * 60_000) })
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

  it('invoice.paid for a cycle renews once, to the end of the period Stripe billed', async () => {
    const created = await paidOrder()
    const [before] = await t.database.db
      .select()
      .from(subscription)
      .where(eq(subscription.orderId, created.id))
    const previousEnd = before.currentPeriodEnd ?? new Date()
    // Stripe's period, not Inkwell's month: 30 days and a few hours after the last one ended.
    const billedEnd = Math.floor(previousEnd.getTime() / 1000) + 30 * 86_400 + 3_600
    const invoice = {
      id: `in_cycle_${created.id.slice(0, 8)}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 1000,
      amount_due: 1000,
      currency: 'usd',
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'il_1',
            object: 'line_item',
            amount: 1000,
            period: { start: Math.floor(previousEnd.getTime() / 1000), end: billedEnd },
            parent: { type: 'subscription_item_details' },
          },
        ],
      },
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
    expect(after.currentPeriodEnd?.getTime()).toBe(billedEnd * 1000)
    expect(after.currentPeriodStart?.getTime()).toBe(previousEnd.getTime())
  })

  it('a failed renewal that Stripe collects on a retry is active again, to the billed period end', async () => {
    const created = await paidOrder()
    const before = await subscriptionOf(created.id)
    const periodStart = Math.floor((before.currentPeriodEnd ?? new Date()).getTime() / 1000)
    const invoice = (status: string) => ({
      id: `in_retry_${created.id.slice(0, 8)}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      status,
      amount_paid: status === 'paid' ? 1000 : 0,
      amount_due: 1000,
      currency: 'usd',
      lines: {
        object: 'list',
        has_more: false,
        data: [
          { id: 'il_r', object: 'line_item', period: { start: periodStart, end: periodStart + 31 * 86_400 } },
        ],
      },
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: `sub_${created.id.slice(0, 8)}`,
          metadata: { orderId: created.id },
        },
      },
    })
    const failed = stripeEvent('invoice.payment_failed', invoice('open'))
    expect((await post(failed.payload, failed.signature)).statusCode).toBe(200)
    expect(await subscriptionOf(created.id)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true })
    const paid = stripeEvent('invoice.paid', invoice('paid'))
    expect((await post(paid.payload, paid.signature)).statusCode).toBe(200)
    const after = await subscriptionOf(created.id)
    expect(after).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
    expect(after.currentPeriodEnd?.getTime()).toBe((periodStart + 31 * 86_400) * 1000)
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

describe('one buyer pays once (decision 040)', () => {
  it('refunds a second payment through Stripe: its subscription cancelled, its payment refunded, nothing granted twice', async () => {
    const buyer = await createUser(t)
    const created = await paidOrder(buyer)
    const balance = await writerBalance(t.database.db, writer.id)
    const periodEnd = (await subscriptionOf(created.id)).currentPeriodEnd
    const before = stand.calls.length
    // The same order paid again, through another session (a second tab's checkout).
    const again = completed(created.id, { session: `cs_again_${created.id}`, invoice: 'in_again_1' })
    expect((await post(again.payload, again.signature)).statusCode).toBe(200)
    const made = stand.calls.slice(before)
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/invoices/in_again_1',
      'DELETE /v1/subscriptions/sub_of_in_again_1',
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
    ])
    const refundCall = made[3]
    expect(refundCall.form.get('payment_intent')).toBe('pi_in_again_1')
    expect(refundCall.form.get('metadata[paymentRef]')).toBe('in_again_1')
    expect(refundCall.headers['idempotency-key']).toBe('refund-payment-in_again_1')
    expect((await orderRow(created.id)).status).toBe('paid')
    expect(await transfers(created.id)).toEqual(['duplicate', 'sale'])
    expect(await writerBalance(t.database.db, writer.id)).toBe(balance)
    expect((await subscriptionOf(created.id)).currentPeriodEnd).toEqual(periodEnd)

    // Stripe confirms the refund: the second payment leaves refunds owed; the first stays paid.
    const refunded = stripeEvent('charge.refunded', {
      id: 'ch_pi_in_again_1',
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      currency: 'usd',
      refunded: true,
      payment_intent: 'pi_in_again_1',
      metadata: {},
    })
    expect((await post(refunded.payload, refunded.signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('paid')
    expect(await transfers(created.id)).toEqual(['duplicate', 'duplicate_refund', 'sale'])
    expect((await subscriptionOf(created.id)).status).toBe('active')
  })

  it('answers 503 when Stripe cannot be reached, and leaves no order behind', async () => {
    const buyer = await createUser(t)
    stand.failing.add('/v1/checkout/sessions')
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: buyer.cookie,
        body: { kind: 'subscription', writerId: writer.id },
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().error.message).toBe('Payments are unavailable, try again in a minute')
      expect(await t.database.db.select().from(order).where(eq(order.buyerId, buyer.id))).toEqual([])
    } finally {
      stand.failing.delete('/v1/checkout/sessions')
    }
    // Once Stripe answers again, Buy works.
    expect((await orderFor(t, buyer, writer)).status).toBe('pending')
  })

  it('refuses a signed event without data.object (400) and records it, changing nothing else', async () => {
    const before = await moneyCounts(t)
    const id = `evt_${randomUUID().replaceAll('-', '')}`
    const payload = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: {} })
    const timestamp = Math.floor(Date.now() / 1000)
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp })
    const res = await post(payload, signature)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('bad_request')
    const [recorded] = await t.database.db
      .execute<{ type: string }>(sql`select type from payment_event where event_id = ${id}`)
      .then((r) => r.rows)
    expect(recorded.type).toBe('unusable:checkout.session.completed')
    expect(await moneyCounts(t)).toEqual({ ...before, events: before.events + 1 })
  })
})

/** The buyer's subscription row for a paid order. */
const subscriptionOf = async (orderId: string) =>
  (await t.database.db.select().from(subscription).where(eq(subscription.orderId, orderId)))[0]

describe('cancel and resume reach Stripe', () => {
  it('sets cancel_at_period_end on the Stripe subscription, then records it', async () => {
    const buyer = await createUser(t)
    const created = await paidOrder(buyer)
    const sub = await subscriptionOf(created.id)
    const stripeSub = `sub_${created.id.slice(0, 8)}`
    const updates = () =>
      stand.calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${stripeSub}`)

    const cancel = await t.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      cookie: buyer.cookie,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(updates().map((c) => c.form.get('cancel_at_period_end'))).toEqual(['true'])
    expect((await subscriptionOf(created.id)).status).toBe('cancelled')
    // Cancelling again asks nothing more.
    await t.request({ method: 'POST', url: `/api/subscriptions/${sub.id}/cancel`, cookie: buyer.cookie })
    expect(updates()).toHaveLength(1)

    const resume = await t.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/resume`,
      cookie: buyer.cookie,
    })
    expect(resume.statusCode, resume.body).toBe(200)
    expect(updates().map((c) => c.form.get('cancel_at_period_end'))).toEqual(['true', 'false'])
    expect((await subscriptionOf(created.id)).status).toBe('active')
  })

  it('changes nothing in Inkwell when Stripe cannot be told, and says so', async () => {
    const buyer = await createUser(t)
    const created = await paidOrder(buyer)
    const sub = await subscriptionOf(created.id)
    const path = `/v1/subscriptions/sub_${created.id.slice(0, 8)}`
    stand.failing.add(path)
    try {
      const res = await t.request({
        method: 'POST',
        url: `/api/subscriptions/${sub.id}/cancel`,
        cookie: buyer.cookie,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toMatch(/Stripe could not change the renewal.*nothing was changed/)
      expect(stand.calls.findLast((c) => c.path === path)?.form.get('cancel_at_period_end')).toBe('true')
      expect(await subscriptionOf(created.id)).toEqual(sub)
    } finally {
      stand.failing.delete(path)
    }
  })
})

describe('customer.subscription.deleted', () => {
  it('ends access when Stripe ends the subscription; the order stays paid', async () => {
    const poster = await createUser(t, { name: 'Stripe Poster' })
    await setPrice(t, poster, 1000)
    const post_ = await publishedPost(t, admin, poster, {
      title: 'For subscribers',
      bodyHtml: '<p>STRIPE-SECRET-BODY</p>',
      access: 'subscribers',
    })
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, poster)
    const session = await sessionOf(created.id)
    const paid = completed(created.id, { session: session.id })
    expect((await post(paid.payload, paid.signature)).statusCode).toBe(200)
    expect((await readPost(t, buyer, poster.id, post_.slug)).bodyHtml).toContain('STRIPE-SECRET-BODY')

    const endedAt = new Date(Date.now() - 1000)
    const ended = stripeEvent('customer.subscription.deleted', {
      id: `sub_${created.id.slice(0, 8)}`,
      object: 'subscription',
      status: 'canceled',
      currency: 'usd',
      ended_at: Math.floor(endedAt.getTime() / 1000),
      metadata: { orderId: created.id },
      items: { object: 'list', data: [{ id: 'si_1', price: { unit_amount: 1000 } }] },
    })
    expect((await post(ended.payload, ended.signature)).statusCode).toBe(200)
    const sub = await subscriptionOf(created.id)
    expect(sub.status).toBe('ended')
    expect(sub.currentPeriodEnd?.getTime()).toBe(Math.floor(endedAt.getTime() / 1000) * 1000)
    expect((await orderRow(created.id)).status).toBe('paid')
    const read = await readPost(t, buyer, poster.id, post_.slug)
    expect(read.locked).toBe(true)
    expect(JSON.stringify(read)).not.toContain('STRIPE-SECRET-BODY')
  })
})

describe('an abandoned checkout and Try again', () => {
  const retry = (buyer: TestUser, orderId: string) =>
    t.request({ method: 'POST', url: `/api/orders/${orderId}/checkout`, cookie: buyer.cookie })
  const expired = (orderId: string, session: string) =>
    completed(orderId, { type: 'checkout.session.expired', paymentStatus: 'unpaid', session })

  it('checkout.session.expired cancels the order, which then has nothing to pay', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const { payload, signature } = expired(created.id, (await sessionOf(created.id)).id)
    expect((await post(payload, signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('cancelled')
    expect((await retry(buyer, created.id)).statusCode).toBe(409)
  })

  it('reuses a session still open, and answers the same url', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const creates = stand.calls.filter((c) => c.path === '/v1/checkout/sessions').length
    const res = await retry(buyer, created.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: created.id, status: 'pending', checkoutUrl: created.checkoutUrl })
    expect(stand.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(creates)
  })

  it('replaces an expired session; the old one expiring late cancels nothing, the new one does', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const old = await sessionOf(created.id)
    old.status = 'expired' // Stripe expired it; its webhook is still on the way.
    const res = await retry(buyer, created.id)
    expect(res.statusCode, res.body).toBe(200)
    const fresh = await sessionOf(created.id)
    expect(fresh.id).not.toBe(old.id)
    expect(res.json().checkoutUrl).toBe(fresh.url)
    const create = stand.calls.findLast((c) => c.path === '/v1/checkout/sessions')
    expect(create?.headers['idempotency-key']).toBe(`checkout-${created.id}-after-${old.id}`)
    expect(Object.fromEntries(create?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'metadata[orderId]': created.id,
    })

    const late = expired(created.id, old.id)
    expect((await post(late.payload, late.signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('pending')
    const current = expired(created.id, fresh.id)
    expect((await post(current.payload, current.signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('cancelled')
  })

  it('after a failed delayed payment, closes the old session before opening a new one; a late success from it still pays', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const old = await sessionOf(created.id)
    old.status = 'complete'
    const failed = completed(created.id, {
      type: 'checkout.session.async_payment_failed',
      paymentStatus: 'unpaid',
      session: old.id,
    })
    expect((await post(failed.payload, failed.signature)).statusCode).toBe(200)
    expect((await orderRow(created.id)).status).toBe('failed')

    const res = await retry(buyer, created.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().status).toBe('failed')
    // Asked to expire (Stripe refuses: it is complete, which is closed enough), then a new one.
    const expireAt = stand.calls.findIndex((c) => c.path === `/v1/checkout/sessions/${old.id}/expire`)
    const createAt = stand.calls.findLastIndex((c) => c.path === '/v1/checkout/sessions')
    expect(expireAt).toBeGreaterThan(-1)
    expect(createAt).toBeGreaterThan(expireAt)
    expect((await orderRow(created.id)).providerCheckoutRef).not.toBe(old.id)

    // A stale failure of the old session does not touch it; money taken through it pays it.
    const paidLate = completed(created.id, {
      type: 'checkout.session.async_payment_succeeded',
      session: old.id,
    })
    expect((await post(paidLate.payload, paidLate.signature)).statusCode).toBe(200)
    const row = await orderRow(created.id)
    expect(row.status).toBe('paid')
    expect(row.providerCheckoutRef).toBe(old.id)
    expect((await retry(buyer, created.id)).statusCode).toBe(409)
  })

  it('answers 409 and changes nothing when Stripe cannot be reached', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const row = await orderRow(created.id)
    const path = `/v1/checkout/sessions/${row.providerCheckoutRef}`
    stand.failing.add(path)
    try {
      const res = await retry(buyer, created.id)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toMatch(/Stripe could not open a checkout/)
      expect(await orderRow(created.id)).toEqual(row)
    } finally {
      stand.failing.delete(path)
    }
  })

  it('refuses while a delayed payment is processing, asking Stripe for nothing new', async () => {
    const buyer = await createUser(t)
    const created = await orderFor(t, buyer, writer)
    const session = await sessionOf(created.id)
    session.status = 'complete' // completed unpaid: a bank debit under way
    const creates = stand.calls.filter((c) => c.path === '/v1/checkout/sessions').length
    const res = await retry(buyer, created.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/already under way/)
    expect(stand.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(creates)
  })
})

describe('a one-off item (payment mode)', () => {
  const provider = () =>
    stripeProvider({
      secretKey: 'sk_test_inkwell',
      webhookSecret: SECRET,
      appUrl: TEST_ORIGIN,
      clock: { now: () => new Date() },
      api: { host: '127.0.0.1', port: stand.port, protocol: 'http' },
    })
  const oneOff = {
    id: randomUUID(),
    buyerId: 'buyer-1',
    amount: 1299,
    currency: 'USD',
    status: 'pending' as const,
    providerPaymentRef: null,
    providerCheckoutRef: null,
    recurring: false,
    title: 'A book',
  }

  it('checks out in payment mode with a one-off price, the order id on the payment intent', async () => {
    await provider().createCheckout(oneOff)
    const form = Object.fromEntries(
      stand.calls.findLast((c) => c.path === '/v1/checkout/sessions')?.form ?? [],
    )
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '1299',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'A book',
      'payment_intent_data[metadata][orderId]': oneOff.id,
      'metadata[orderId]': oneOff.id,
      client_reference_id: oneOff.id,
    })
    expect(Object.keys(form).filter((key) => /recurring|subscription_data/.test(key))).toEqual([])
  })

  it('is paid by its payment intent, and refunded through it', async () => {
    const { payload, signature } = stripeEvent('checkout.session.completed', {
      id: 'cs_book_1',
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1299,
      currency: 'usd',
      metadata: { orderId: oneOff.id },
      invoice: null,
      payment_intent: 'pi_book_1',
    })
    const event = await provider().verifyEvent(Buffer.from(payload), { 'stripe-signature': signature })
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      paymentRef: 'pi_book_1',
      checkoutRef: 'cs_book_1',
    })

    const before = stand.calls.length
    await provider().refund({ ...oneOff, status: 'paid', providerPaymentRef: 'pi_book_1' })
    const made = stand.calls.slice(before)
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/refunds'])
    expect(made[0].form.get('payment_intent')).toBe('pi_book_1')
    expect(made[0].form.get('metadata[orderId]')).toBe(oneOff.id)
  })
})

describe('customer.subscription.updated (renewal changed in Stripe)', () => {
  const updated = (orderId: string, cancel: boolean, previous: Record<string, unknown>, at = new Date()) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(at.getTime() / 1000),
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: `sub_${orderId.slice(0, 8)}`,
          object: 'subscription',
          status: 'active',
          currency: 'usd',
          cancel_at_period_end: cancel,
          metadata: { orderId },
          items: { object: 'list', data: [{ id: 'si_1', price: { unit_amount: 1000 } }] },
        },
        previous_attributes: previous,
      },
    })
    const timestamp = Math.floor(at.getTime() / 1000)
    return {
      payload,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp }),
    }
  }
  const send = async (event: { payload: string; signature: string }) =>
    expect((await post(event.payload, event.signature)).statusCode).toBe(200)

  it('mirrors a cancel and a resume made in Stripe; other updates and older news change nothing', async () => {
    const created = await paidOrder()
    const before = await moneyCounts(t)
    await send(updated(created.id, false, { items: {} }))
    expect(await moneyCounts(t)).toEqual(before)
    // Older than Inkwell's own record (the subscription was just made): ignored.
    await send(updated(created.id, true, { cancel_at_period_end: false }, new Date(Date.now() - 60_000)))
    expect((await subscriptionOf(created.id)).status).toBe('active')

    const cancellations = async () =>
      (
        await t.database.db.execute(
          sql`select id from notification where writer_id = ${writer.id} and kind = 'subscriber_cancelled'`,
        )
      ).rows.length
    const notified = await cancellations()
    const later = new Date(Date.now() + 2000)
    await send(updated(created.id, true, { cancel_at_period_end: false }, later))
    expect(await subscriptionOf(created.id)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true })
    expect(await cancellations()).toBe(notified + 1)

    await send(updated(created.id, false, { cancel_at_period_end: true }, new Date(later.getTime() + 2000)))
    expect(await subscriptionOf(created.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
  })
})
