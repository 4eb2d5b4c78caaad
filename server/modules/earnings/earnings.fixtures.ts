import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { TestClock } from '#server/clock.ts'
import { writerAccounts } from '#server/core/ledger/accounts.ts'
import { releaseEarnings } from '#server/core/ledger/release.ts'
import { orderFor, postWebhook, sandboxEvent } from '#server/modules/payments/payments.fixtures.ts'
import { signPayload } from '#server/modules/payments/signature.ts'
import type { TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

export const DAY_MS = 86_400_000

/** A paid subscription to `writer` by a new reader, through the sandbox webhook. */
export async function sell(t: TestApp, writer: TestUser) {
  const created = await orderFor(t, await createUser(t), writer)
  const paymentRef = `pay_${randomUUID()}`
  const res = await postWebhook(
    t,
    sandboxEvent('payment.succeeded', { orderId: created.id, paymentRef, amount: created.amount }),
  )
  if (res.statusCode !== 200) throw new Error(`sale failed: ${res.statusCode} ${res.body}`)
  return { orderId: created.id, paymentRef, amount: created.amount }
}

/** The provider refunds a sale (signed at `at`: the server's clock may have been moved). */
export async function refund(
  t: TestApp,
  sale: { orderId: string; paymentRef: string; amount: number },
  at = new Date(),
) {
  const body = sandboxEvent(
    'payment.refunded',
    { orderId: sale.orderId, paymentRef: sale.paymentRef, amount: sale.amount },
    at,
  )
  const res = await postWebhook(t, body, signPayload(t.config.payments.webhookSecret, body, at))
  if (res.statusCode !== 200) throw new Error(`refund failed: ${res.statusCode} ${res.body}`)
}

/** Moves the clock past the refund window of everything sold so far, and runs the release. */
export async function releaseAll(t: TestApp, clock: TestClock, runs = 1) {
  clock.set(new Date(Date.now() + (t.config.payments.refundWindowDays + 1) * DAY_MS))
  const counts = await Promise.all(Array.from({ length: runs }, () => releaseEarnings(t.app.ctx)))
  clock.set(new Date())
  return counts.reduce((a, b) => a + b, 0)
}

/** Each of the writer's balances summed straight from ledger_entry, not through the services. */
export async function ledgerSums(t: TestApp, writerId: string) {
  const a = writerAccounts(writerId)
  const { rows } = await t.database.db.execute<Record<string, number>>(sql`select
    (select coalesce(sum(amount), 0)::int from ledger_entry where account = ${a.pending}) as pending,
    (select coalesce(sum(amount), 0)::int from ledger_entry where account = ${a.available}) as available,
    (select coalesce(sum(amount), 0)::int from ledger_entry where account = ${a.payoutPending}) as "payoutPending",
    (select coalesce(sum(amount), 0)::int from ledger_entry where account = ${a.owed}) as owed`)
  return rows[0]
}

/** Ledger and payout rows, to show what a request wrote (or did not). */
export async function earningsCounts(t: TestApp) {
  const { rows } = await t.database.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from ledger_transfer) as transfers,
    (select count(*)::int from ledger_entry) as entries,
    (select count(*)::int from payout) as payouts,
    (select count(*)::int from notification where kind like 'payout%') as notifications`)
  return rows[0]
}

/** The writer's transfers of one kind. */
export async function transfersOf(t: TestApp, writerId: string, kind: string) {
  const { rows } = await t.database.db.execute<{ n: number }>(sql`
    select count(distinct t.id)::int as n from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
    where t.kind = ${kind} and e.account like ${`writer:${writerId}:%`}`)
  return rows[0].n
}
