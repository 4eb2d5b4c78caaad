import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { formatMoney } from '#common/money.ts'
import type { OrderStatus } from '#common/schemas/payments.ts'
import type { AppContext } from '#server/context.ts'
import { writeDuplicate, writeDuplicateRefund, writeRefund, writeSale } from '#server/core/ledger/ledger.ts'
import { reclaimReleased } from '#server/core/ledger/release.ts'
import { notify } from '#server/core/notify.ts'
import type { Tx } from '#server/db/client.ts'
import { order, paymentEvent } from '#server/db/schema/index.ts'
import type { Mail } from '#server/mail/mailer.ts'
import { ITEM_KINDS, type OrderRow } from './items.ts'
import { type PaymentProvider, type ProviderEvent, type RawHeaders, UnusableEvent } from './provider.ts'
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
  /** A second payment for something the buyer already had: to be refunded once this commits. */
  owed?: OwedRefund
}

/** The webhook's work: verify (a 400 before anything is written), then fulfil what concerns Inkwell. */
export async function handleWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: RawHeaders,
): Promise<Fulfilment> {
  let event: ProviderEvent | null
  try {
    event = await provider.verifyEvent(rawBody, headers)
  } catch (error) {
    if (error instanceof UnusableEvent) {
      ctx.log.error(
        { event: error.eventId, type: error.eventType },
        'unusable payment event: recorded, no effect',
      )
      await ctx.db
        .insert(paymentEvent)
        .values({ provider: provider.name, eventId: error.eventId, type: `unusable:${error.eventType}` })
        .onConflictDoNothing({ target: [paymentEvent.provider, paymentEvent.eventId] })
    }
    throw error
  }
  if (!event) return { duplicate: false }
  const done = await fulfil(ctx, provider.name, event)
  if (done.owed) await refundOwed(ctx, provider, done.owed)
  return done
}

export async function fulfil(ctx: AppContext, provider: string, event: ProviderEvent): Promise<Fulfilment> {
  // The receipt of an order this event paid: sent once the transaction has committed.
  let receipt: Mail | undefined
  let owed: OwedRefund | undefined
  const done = await ctx.db.transaction(async (tx): Promise<Fulfilment> => {
    // Locks are always taken in the same order, so two deliveries cannot deadlock: the buyer's
    // item (every order of one buyer for one thing takes turns: paying one cancels the others),
    // then the order itself, then its payment_event.
    const [seen] = UUID.test(event.orderId)
      ? await tx.select().from(order).where(eq(order.id, event.orderId))
      : []
    if (seen) await lockBuyerItem(tx, seen)
    const [row] = seen ? await tx.select().from(order).where(eq(order.id, seen.id)).for('update') : []
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
    const outcome = await apply(ctx, tx, provider, row, event)
    if (outcome && 'owed' in outcome) owed = outcome.owed
    else receipt = outcome
    return { duplicate: false }
  })
  if (receipt) sendReceipt(ctx, receipt, event.orderId)
  return owed ? { ...done, owed } : done
}

/**
 * The order's state machine. Anything not listed is a no-op (the event is still recorded).
 * Answers the buyer's receipt when the event paid the order, or the refund owed when it was a
 * second payment.
 */
async function apply(
  ctx: AppContext,
  tx: Tx,
  provider: string,
  row: OrderRow,
  event: ProviderEvent,
): Promise<Mail | { owed: OwedRefund } | undefined> {
  const now = ctx.clock.now()
  const item = ITEM_KINDS[row.itemKind]
  switch (event.type) {
    case 'payment.succeeded': {
      if (event.amount !== row.amount) {
        ctx.log.error({ event: event.id, orderId: row.id }, 'paid amount differs from the order: no effect')
        return
      }
      // failed → paid too: a declined card, then Try again on the same order (or the two events
      // arriving the other way round) ends paid, since the money was taken. cancelled → paid as
      // well: a checkout the buyer left behind that still took the money is paid all the same.
      const unpaid = row.status === 'pending' || row.status === 'failed' || row.status === 'cancelled'
      // The same payment told again (another event type, or a late repeat) changes nothing.
      if (!unpaid && event.paymentRef === row.providerPaymentRef) return
      // One buyer pays once for one thing (decision 040): the buyer's payments for this item take
      // turns (the lock taken first, in fulfil), and a payment for what they already have (this
      // order paid before, or the item held through another order) is refunded, never granted a
      // second time.
      if (!unpaid || (await item.held(tx, row)))
        return { owed: await holdDuplicate(ctx, tx, provider, row, event, unpaid) }
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
      // Another open order for the same item is no longer needed (a Buy made while this one's
      // checkout, left behind, was still being paid).
      await tx
        .update(order)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(order.buyerId, row.buyerId),
            eq(order.itemKind, row.itemKind),
            eq(order.itemId, row.itemId),
            inArray(order.status, ['pending', 'failed']),
            ne(order.id, row.id),
          ),
        )
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
      // The refund of a second payment Inkwell asked for: the order it came with is not touched.
      if (await writeDuplicateRefund(tx, { provider, paymentRef: event.paymentRef, orderId: row.id })) return
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

/**
 * Serialises the payments of one buyer for one item (a transaction-scoped advisory lock), taken
 * after the order's row lock: two orders for the same book paid at once cannot both be granted.
 */
const lockBuyerItem = (tx: Tx, row: OrderRow) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${row.buyerId}:${row.itemKind}:${row.itemId}`}, 0))`,
  )

/** A second payment, held apart in the ledger until its refund comes back. */
export interface OwedRefund {
  orderId: string
  paymentRef: string
  amount: number
  currency: string
  recurring: boolean
}

/**
 * Records a payment for something the buyer already had (never the writer's money: decision 040)
 * and tells the buyer it is being refunded. An order that had not been paid ends refunded, with the
 * payment as its own; an order paid before stays paid.
 */
async function holdDuplicate(
  ctx: AppContext,
  tx: Tx,
  provider: string,
  row: OrderRow,
  event: ProviderEvent,
  unpaid: boolean,
): Promise<OwedRefund> {
  const now = ctx.clock.now()
  const owed = {
    orderId: row.id,
    paymentRef: event.paymentRef,
    amount: event.amount,
    currency: row.currency,
    recurring: ITEM_KINDS[row.itemKind].recurring,
  }
  await writeDuplicate(tx, { provider, paymentRef: event.paymentRef, orderId: row.id }, owed)
  if (unpaid)
    await setStatus(tx, row, 'refunded', now, {
      providerPaymentRef: event.paymentRef,
      ...(event.checkoutRef ? { providerCheckoutRef: event.checkoutRef } : {}),
    })
  const described = (await ITEM_KINDS[row.itemKind].describe(tx, [row.itemId])).get(row.itemId)
  await notify(
    tx,
    row.buyerId,
    'order_refunded',
    `You already have ${described?.title ? `“${described.title}”` : 'this'}: your second payment of ${formatMoney(event.amount, row.currency)} is being refunded.`,
    `/payment?order=${row.id}`,
  )
  ctx.log.warn(
    { event: event.id, orderId: row.id },
    'a second payment for an item the buyer has: refunding it',
  )
  return owed
}

/**
 * Asks the provider to refund a second payment. A failure is logged and left to housekeeping
 * (retryOwedRefunds), which asks again until the refund's event is recorded: the event that brought the
 * payment is already handled, so the provider will not send it again.
 */
export async function refundOwed(ctx: AppContext, provider: PaymentProvider, owed: OwedRefund) {
  try {
    await provider.refundPayment(owed)
  } catch (error) {
    ctx.log.warn(
      { err: error, orderId: owed.orderId },
      'refunding a second payment failed: housekeeping asks again',
    )
  }
}
