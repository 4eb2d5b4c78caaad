import { and, eq } from 'drizzle-orm'
import type { OrderStatus } from '#common/schemas/payments.ts'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { order, paymentEvent } from '#server/db/schema/index.ts'
import type { Mail } from '#server/mail/mailer.ts'
import { reclaimReleased } from '#server/modules/earnings/release.service.ts'
import { ITEM_KINDS, type OrderRow } from './items.ts'
import { writeRefund, writeSale } from './ledger.ts'
import type { PaymentProvider, ProviderEvent, RawHeaders } from './provider.ts'
import { receiptFor, sendReceipt } from './receipt.ts'

// Fulfilment exactly once (decision 019). Everything an event does happens in ONE transaction:
// the payment_event row (unique per provider and event id), the order's transition (row locked),
// the ledger transfer (unique per provider payment and kind) and the item's effect. A duplicate
// event conflicts on payment_event and does nothing; a failure rolls it all back and the route
// answers 5xx, so the provider sends it again.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface Fulfilment {
  /** The event had been handled before: nothing was done. */
  duplicate: boolean
}

/** The webhook's work: verify (a 400 before anything is written), then fulfil what concerns Inkwell. */
export async function handleWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: RawHeaders,
): Promise<Fulfilment> {
  const event = await provider.verifyEvent(rawBody, headers)
  return event ? fulfil(ctx, provider.name, event) : { duplicate: false }
}

export async function fulfil(ctx: AppContext, provider: string, event: ProviderEvent): Promise<Fulfilment> {
  // The receipt of an order this event paid: sent once the transaction has committed.
  let receipt: Mail | undefined
  const done = await ctx.db.transaction(async (tx): Promise<Fulfilment> => {
    // The order first, locked: two deliveries for one order take turns (and always lock in the
    // same order: order, then payment_event, so they cannot deadlock).
    const [row] = UUID.test(event.orderId)
      ? await tx.select().from(order).where(eq(order.id, event.orderId)).for('update')
      : []
    const [recorded] = await tx
      .insert(paymentEvent)
      .values({ provider, eventId: event.id, type: event.type, orderId: row?.id ?? null })
      .onConflictDoNothing({ target: [paymentEvent.provider, paymentEvent.eventId] })
      .returning({ id: paymentEvent.id })
    if (!recorded) return { duplicate: true }
    if (!row) {
      ctx.log.warn(
        { event: event.id, orderId: event.orderId },
        'payment event for an unknown order: recorded, no effect',
      )
      return { duplicate: false }
    }
    if (row.provider !== provider || row.currency !== event.currency) {
      ctx.log.error(
        { event: event.id, orderId: row.id },
        'payment event does not match its order: recorded, no effect',
      )
      return { duplicate: false }
    }
    receipt = await apply(ctx, tx, provider, row, event)
    return { duplicate: false }
  })
  if (receipt) sendReceipt(ctx, receipt, event.orderId)
  return done
}

/**
 * The order's state machine. Anything not listed is a no-op (the event is still recorded).
 * Answers the buyer's receipt when the event paid the order.
 */
async function apply(
  ctx: AppContext,
  tx: Tx,
  provider: string,
  row: OrderRow,
  event: ProviderEvent,
): Promise<Mail | undefined> {
  const now = ctx.clock.now()
  const item = ITEM_KINDS[row.itemKind]
  switch (event.type) {
    case 'payment.succeeded': {
      // failed → paid too: a declined card, then Try again on the same order (or the two events
      // arriving the other way round) ends paid, since the money was taken. cancelled → paid as
      // well: a checkout the buyer left behind that still took the money is paid all the same.
      if (!(row.status === 'pending' || row.status === 'failed' || row.status === 'cancelled')) return
      if (event.amount !== row.amount) {
        ctx.log.error({ event: event.id, orderId: row.id }, 'paid amount differs from the order: no effect')
        return
      }
      // The checkout that paid becomes the order's: a subscription is found through it later.
      const paid = await setStatus(tx, row, 'paid', now, {
        providerPaymentRef: event.paymentRef,
        ...(event.checkoutRef ? { providerCheckoutRef: event.checkoutRef } : {}),
      })
      await writeSale(
        tx,
        { kind: 'sale', provider, paymentRef: event.paymentRef, orderId: row.id },
        {
          gross: row.amount,
          currency: row.currency,
          writerId: item.sellerOf(row),
          feePercent: ctx.config.payments.platformFeePercent,
        },
      )
      await item.grant(tx, paid, now)
      // A refund that arrived before its sale was recorded and waited for it: apply it now.
      if (await refundWaiting(tx, provider, row.id)) {
        await refund(tx, provider, paid, now)
        return
      }
      return receiptFor(ctx, tx, paid, now)
    }
    // Only news of the order's current checkout: one replaced by Try again no longer counts.
    case 'payment.failed':
      if (row.status === 'pending' && currentCheckout(row, event)) await setStatus(tx, row, 'failed', now)
      return
    case 'payment.cancelled':
      if ((row.status === 'pending' || row.status === 'failed') && currentCheckout(row, event))
        await setStatus(tx, row, 'cancelled', now)
      return
    case 'payment.refunded':
      if (row.status === 'paid') await refund(tx, provider, row, now)
      return
    case 'subscription.renewed': {
      if (row.status !== 'paid' || !item.renew) return
      const written = await writeSale(
        tx,
        { kind: 'renewal', provider, paymentRef: event.paymentRef, orderId: row.id },
        {
          gross: event.amount,
          currency: row.currency,
          writerId: item.sellerOf(row),
          feePercent: ctx.config.payments.platformFeePercent,
        },
      )
      if (written) await item.renew(tx, row, now, event.periodEnd)
      return
    }
    case 'subscription.renewal_failed':
      if (row.status === 'paid') await item.renewalFailed?.(tx, row, now)
      return
    // The order stays paid (it was); what it bought stops when the provider ended it.
    case 'subscription.ended':
      if (row.status === 'paid') await item.end?.(tx, row, event.occurredAt, now)
      return
    case 'subscription.cancelled':
    case 'subscription.resumed':
      if (row.status === 'paid')
        await item.setRenewal?.(tx, row, event.type === 'subscription.resumed', event.occurredAt, now)
      return
  }
}

/** The event concerns the order's current checkout (an event naming none is the sandbox's one). */
const currentCheckout = (row: OrderRow, event: ProviderEvent) =>
  !event.checkoutRef || event.checkoutRef === row.providerCheckoutRef

async function setStatus(
  tx: Tx,
  row: OrderRow,
  status: OrderStatus,
  now: Date,
  refs: { providerPaymentRef?: string; providerCheckoutRef?: string } = {},
) {
  const [updated] = await tx
    .update(order)
    .set({ status, updatedAt: now, ...refs })
    .where(eq(order.id, row.id))
    .returning()
  return updated
}

async function refund(tx: Tx, provider: string, row: OrderRow, now: Date) {
  const refunded = await setStatus(tx, row, 'refunded', now)
  await writeRefund(tx, { provider, paymentRef: row.providerPaymentRef ?? '', orderId: row.id })
  // Its net already released to available: taken back from there (decision 022).
  await reclaimReleased(tx, provider, row.providerPaymentRef ?? '')
  await ITEM_KINDS[row.itemKind].revoke(tx, refunded, now)
}

const refundWaiting = async (tx: Tx, provider: string, orderId: string) =>
  (
    await tx
      .select({ id: paymentEvent.id })
      .from(paymentEvent)
      .where(
        and(
          eq(paymentEvent.provider, provider),
          eq(paymentEvent.orderId, orderId),
          eq(paymentEvent.type, 'payment.refunded'),
        ),
      )
      .limit(1)
  ).length > 0
