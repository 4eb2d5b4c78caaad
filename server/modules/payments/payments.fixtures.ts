import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { profile } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'
import type { ProviderEventType } from './provider.ts'
import { SIGNATURE_HEADER, signPayload } from './signature.ts'

export async function setPrice(t: TestApp, writer: TestUser, price: number) {
  await t.database.db.update(profile).set({ monthlyPrice: price }).where(eq(profile.userId, writer.id))
}

/** Rows in each money table, to show what a request wrote (or did not). */
export async function moneyCounts(t: TestApp) {
  const { rows } = await t.database.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from "order") as orders,
    (select count(*)::int from payment_event) as events,
    (select count(*)::int from ledger_transfer) as transfers,
    (select count(*)::int from ledger_entry) as entries,
    (select count(*)::int from subscription) as subscriptions`)
  return rows[0]
}

/** A sandbox event body, as the sandbox puts it on the wire. */
export function sandboxEvent(
  type: ProviderEventType,
  data: { orderId: string; paymentRef: string; amount: number; currency?: string },
  at = new Date(),
  id = `evt_test_${randomUUID()}`,
) {
  return Buffer.from(
    JSON.stringify({
      id,
      type,
      created: Math.floor(at.getTime() / 1000),
      data: { currency: 'USD', ...data },
    }),
  )
}

/** Posts `body` to the sandbox webhook as the provider would: no Origin, no cookie, signed. */
export function postWebhook(
  t: TestApp,
  body: Buffer,
  signature = signPayload(t.config.payments.webhookSecret, body, new Date()),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload: body,
  })
}

/**
 * The buyer's open subscription order to `writer`, through the API: a new one (201), or the one
 * already open (200; one open order per buyer and item, decision 040).
 */
export async function orderFor(t: TestApp, buyer: TestUser, writer: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: buyer.cookie,
    body: { kind: 'subscription', writerId: writer.id },
  })
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`order failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: string; amount: number; status: string; checkoutUrl: string }
}
