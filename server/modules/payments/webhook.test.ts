import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writerBalance } from '#server/core/ledger/ledger.ts'
import { order, subscription } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { moneyCounts, orderFor, postWebhook, sandboxEvent, setPrice } from './payments.fixtures.ts'
import { signPayload } from './signature.ts'

let t: TestApp
let writer: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  writer = await createUser(t, { name: 'Webhook Writer' })
  await setPrice(t, writer, 1000)
})
afterAll(() => t.close())

const newOrder = async () => orderFor(t, await createUser(t), writer)
const orderRow = async (id: string) => (await t.database.db.select().from(order).where(eq(order.id, id)))[0]
const countsFor = async (orderId: string) => {
  const { rows } = await t.database.db.execute<{ events: number; transfers: number; subs: number }>(sql`select
    (select count(*)::int from payment_event where order_id = ${orderId}) as events,
    (select count(*)::int from ledger_transfer where order_id = ${orderId}) as transfers,
    (select count(*)::int from subscription where order_id = ${orderId}) as subs`)
  return rows[0]
}

describe('signature', () => {
  it('refuses a bad signature, an old timestamp and a body changed by one byte, writing nothing', async () => {
    const created = await newOrder()
    const body = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_sig',
      amount: 1000,
    })
    const secret = t.config.payments.webhookSecret
    const changed = Buffer.from(body)
    changed[changed.length - 3] ^= 1
    const before = await moneyCounts(t)
    const cases = [
      postWebhook(t, body, signPayload('another-secret-entirely', body, new Date())),
      postWebhook(t, body, signPayload(secret, body, new Date(Date.now() - 6 * 60_000))),
      postWebhook(t, changed, signPayload(secret, body, new Date())),
      postWebhook(t, body, 't=abc,v1=zz'),
      postWebhook(t, body, ''),
    ]
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.signature).toBeTruthy()
    }
    expect(await moneyCounts(t)).toEqual(before)
    expect((await orderRow(created.id)).status).toBe('pending')
  })

  it('answers 404 for a provider not in use', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('exactly once', () => {
  it('a replayed event (3 times) fulfils once', async () => {
    const created = await newOrder()
    const body = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_replay',
      amount: 1000,
    })
    const answers = []
    for (let i = 0; i < 3; i += 1) answers.push((await postWebhook(t, body)).json())
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true])
    expect(await countsFor(created.id)).toEqual({ events: 1, transfers: 1, subs: 1 })
  })

  it('two deliveries racing for one order fulfil once (the same event, and two events of one payment)', async () => {
    const created = await newOrder()
    const balance = await writerBalance(t.database.db, writer.id)
    const body = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_race',
      amount: 1000,
    })
    const other = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_race',
      amount: 1000,
    })
    const answers = await Promise.all([postWebhook(t, body), postWebhook(t, body), postWebhook(t, other)])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(answers.filter((a) => a.json().duplicate)).toHaveLength(1)
    expect(await countsFor(created.id)).toEqual({ events: 2, transfers: 1, subs: 1 })
    expect((await writerBalance(t.database.db, writer.id)) - balance).toBe(850)
  })

  it('a failure inside fulfilment answers 5xx and leaves nothing, and the retry succeeds', async () => {
    const created = await newOrder()
    const body = sandboxEvent('payment.succeeded', {
      orderId: created.id,
      paymentRef: 'pay_retry',
      amount: 1000,
    })
    await t.database.db.execute(
      sql`alter table subscription add constraint pay_test_block check (kind <> 'paid') not valid`,
    )
    const failed = await postWebhook(t, body)
    await t.database.db.execute(sql`alter table subscription drop constraint pay_test_block`)
    expect(failed.statusCode).toBe(500)
    expect(await countsFor(created.id)).toEqual({ events: 0, transfers: 0, subs: 0 })
    expect((await orderRow(created.id)).status).toBe('pending')
    expect((await postWebhook(t, body)).json().duplicate).toBe(false)
    expect(await countsFor(created.id)).toEqual({ events: 1, transfers: 1, subs: 1 })
  })
})

describe('out of order', () => {
  it('a refund before its sale, and a duplicate sale after the refund, end refunded like in order', async () => {
    const inOrder = await newOrder()
    const outOfOrder = await newOrder()
    const events = (orderId: string) => ({
      sale: sandboxEvent('payment.succeeded', { orderId, paymentRef: `pay_${orderId}`, amount: 1000 }),
      refund: sandboxEvent('payment.refunded', { orderId, paymentRef: `pay_${orderId}`, amount: 1000 }),
    })
    const a = events(inOrder.id)
    await postWebhook(t, a.sale)
    await postWebhook(t, a.refund)
    const b = events(outOfOrder.id)
    await postWebhook(t, b.refund)
    await postWebhook(t, b.sale)
    await postWebhook(t, b.sale)
    for (const id of [inOrder.id, outOfOrder.id]) {
      expect((await orderRow(id)).status).toBe('refunded')
      expect(await countsFor(id)).toMatchObject({ transfers: 2 })
      const [sub] = await t.database.db.select().from(subscription).where(eq(subscription.orderId, id))
      expect(sub.status).toBe('ended')
    }
  })

  it('a decline after the payment leaves it paid', async () => {
    const created = await newOrder()
    await postWebhook(
      t,
      sandboxEvent('payment.succeeded', { orderId: created.id, paymentRef: 'pay_late', amount: 1000 }),
    )
    await postWebhook(
      t,
      sandboxEvent('payment.failed', { orderId: created.id, paymentRef: 'pay_late_2', amount: 1000 }),
    )
    expect((await orderRow(created.id)).status).toBe('paid')
  })
})

describe('the ledger', () => {
  it('refuses UPDATE and DELETE on transfers and entries', async () => {
    for (const statement of [
      sql`update ledger_entry set amount = amount + 1`,
      sql`delete from ledger_entry`,
      sql`update ledger_transfer set kind = 'sale'`,
      sql`delete from ledger_transfer`,
      sql`truncate ledger_entry`,
    ]) {
      const error = await t.database.db.execute(statement).then(
        () => null,
        (e: Error) => e,
      )
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/append-only/)
    }
  })

  it('refuses a transfer whose entries do not sum to zero', async () => {
    const unbalanced = t.database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: string
      }>(sql`insert into ledger_transfer (kind, provider, payment_ref, order_id)
        values ('sale', 'sandbox', 'pay_unbalanced', gen_random_uuid()) returning id`)
      await tx.execute(sql`insert into ledger_entry (transfer_id, account, amount, currency)
        values (${rows[0].id}, 'buyer:external', -100, 'USD'), (${rows[0].id}, 'platform:fees', 99, 'USD')`)
    })
    const error = await unbalanced.then(
      () => null,
      (e: Error) => e,
    )
    expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/not balanced/)
  })

  it('holds its invariants after a seeded random run of sales, renewals and refunds', async () => {
    let seed = 20261124
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const writers = [writer, await createUser(t), await createUser(t)]
    for (const [i, w] of writers.entries()) await setPrice(t, w, [1000, 199, 10_000][i])
    const paid: Array<{ id: string; amount: number }> = []
    for (let step = 0; step < 30; step += 1) {
      const roll = random()
      if (roll < 0.5 || paid.length === 0) {
        const w = writers[Math.floor(random() * writers.length)]
        const created = await orderFor(t, await createUser(t), w)
        await postWebhook(
          t,
          sandboxEvent('payment.succeeded', {
            orderId: created.id,
            paymentRef: `p${step}`,
            amount: created.amount,
          }),
        )
        paid.push(created)
      } else {
        const target = paid[Math.floor(random() * paid.length)]
        const type = roll < 0.8 ? 'subscription.renewed' : 'payment.refunded'
        const ref =
          type === 'payment.refunded' ? ((await orderRow(target.id)).providerPaymentRef ?? '') : `r${step}`
        await postWebhook(
          t,
          sandboxEvent(type, { orderId: target.id, paymentRef: ref, amount: target.amount }),
        )
      }
    }
    const { rows: unbalanced } = await t.database.db.execute(sql`select transfer_id from ledger_entry
      group by transfer_id having sum(amount) <> 0 or count(*) < 2`)
    expect(unbalanced).toEqual([])
    const { rows: total } = await t.database.db.execute<{ sum: string }>(
      sql`select coalesce(sum(amount), 0)::text as sum from ledger_entry`,
    )
    expect(total[0].sum).toBe('0')
    for (const w of writers) {
      const { rows } = await t.database.db.execute<{ sum: string }>(
        sql`select coalesce(sum(amount), 0)::text as sum from ledger_entry where account = ${`writer:${w.id}:pending`}`,
      )
      expect(await writerBalance(t.database.db, w.id)).toBe(Number(rows[0].sum))
      expect(await writerBalance(t.database.db, w.id)).toBeGreaterThanOrEqual(0)
    }
    const { rows: kinds } = await t.database.db.execute<{ kind: string }>(
      sql`select distinct kind from ledger_transfer order by kind`,
    )
    expect(kinds.map((k) => k.kind)).toEqual(['refund', 'renewal', 'sale'])
    // The earning_month rollup the database keeps at each commit (decision 035) holds what the
    // ledger's entries sum to, writer by writer and month by month.
    const sums = sql`select account, month, sales::int, gross::text, fees::text, net::text, refunds::text`
    const { rows: fromLedger } = await t.database.db.execute(sql`${sums} from (
        select w.account, to_char(w.created_at at time zone 'UTC', 'YYYY-MM-01') as month,
          count(distinct t.id) filter (where t.kind <> 'refund') as sales,
          coalesce(sum(-x.amount) filter (where x.account = 'buyer:external'), 0) as gross,
          coalesce(sum(x.amount) filter (where x.account = 'platform:fees'), 0) as fees,
          coalesce(sum(x.amount) filter (where x.account = w.account), 0) as net,
          coalesce(sum(x.amount) filter (where x.account = 'buyer:external' and t.kind = 'refund'), 0) as refunds
        from ledger_entry w
        join ledger_transfer t on t.id = w.transfer_id and t.kind in ('sale', 'renewal', 'refund')
        join ledger_entry x on x.transfer_id = w.transfer_id
        where w.account like 'writer:%:pending'
        group by 1, 2) s order by account, month`)
    const { rows: rolledUp } = await t.database.db.execute(
      sql`${sums} from (select account, month::text, sales, gross, fees, net, refunds from earning_month) s
        order by account, month`,
    )
    expect(rolledUp).toEqual(fromLedger)
    expect(fromLedger.length).toBeGreaterThanOrEqual(writers.length)
  })
})
