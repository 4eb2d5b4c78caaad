import { and, eq, inArray, ne } from 'drizzle-orm'
import type { OrderItemKind } from '#common/schemas/payments.ts'
import { notify } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { type order, profile, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { bookItem } from '#server/modules/books/index.ts'

// What each kind of item is and what buying it does: a per-kind registry, so books (the next
// issue) add one entry instead of branches through the order and fulfilment code.

export type OrderRow = typeof order.$inferSelect

export interface ItemDescription {
  title: string
  seller: { id: string; name: string }
}

export interface ItemKind {
  /** Renews every period until cancelled (a subscription), or is paid once (a book). */
  recurring: boolean
  /** The price the server charges `buyerId` for `itemId` now, and who is paid; refuses what cannot be bought. */
  quote(
    db: Db,
    buyerId: string,
    itemId: string,
  ): Promise<{ amount: number; currency: string; sellerId: string }>
  /** Titles and sellers of these items, by item id (missing when the item is gone). */
  describe(db: Db | Tx, itemIds: string[]): Promise<Map<string, ItemDescription>>
  /** Who receives the money of a paid order (the ledger's writer account). */
  sellerOf(order: OrderRow): string
  /** The buyer already has what this order is for, through another order (checked before a grant). */
  held(tx: Tx, order: OrderRow): Promise<boolean>
  /** The order was paid: give what it bought. */
  grant(tx: Tx, order: OrderRow, now: Date): Promise<void>
  /** The order was refunded: take it back. */
  revoke(tx: Tx, order: OrderRow, now: Date): Promise<void>
  /**
   * A renewal was paid (subscriptions only). `periodEnd` is the provider's end for the new period
   * (Stripe's invoice line); without one, a month after the current period.
   */
  renew?(tx: Tx, order: OrderRow, now: Date, periodEnd?: Date): Promise<void>
  /** A renewal failed: access runs to the period's end, then stops (subscriptions only). */
  renewalFailed?(tx: Tx, order: OrderRow, now: Date): Promise<void>
  /** The provider ended the subscription at `at`: access stops then (subscriptions only). */
  end?(tx: Tx, order: OrderRow, at: Date, now: Date): Promise<void>
  /**
   * Renewal was switched off or on at the provider at `at` (subscriptions only); ignored when
   * Inkwell's record changed after that (its own cancel or resume, sent to the provider first).
   */
  setRenewal?(tx: Tx, order: OrderRow, renew: boolean, at: Date, now: Date): Promise<void>
}

/** One calendar month later, the day held to the month's last (31 January → 28 or 29 February). */
export function addMonth(from: Date): Date {
  const next = new Date(from)
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(from.getUTCDate(), lastDay))
  return next
}

const later = (a: Date, b: Date) => (a > b ? a : b)

const liveSubscription = (subscriberId: string, writerId: string) =>
  and(
    eq(subscription.subscriberId, subscriberId),
    eq(subscription.writerId, writerId),
    ne(subscription.status, 'ended'),
  )

/** Tells a writer they have a new subscriber (paid, or a free follow). */
export async function notifyNewSubscriber(tx: Tx, writerId: string, subscriberId: string) {
  const [subscriber] = await tx.select({ name: user.name }).from(user).where(eq(user.id, subscriberId))
  await notify(
    tx,
    writerId,
    'subscriber_new',
    `${subscriber?.name ?? 'Someone'} subscribed to you`,
    '/subscriptions',
  )
}

const subscriptionItem: ItemKind = {
  recurring: true,
  async quote(db, buyerId, writerId) {
    if (writerId === buyerId)
      throw new AppError('bad_request', 'You cannot subscribe to yourself', {
        writerId: 'You cannot subscribe to yourself',
      })
    const [writer] = await db
      .select({ price: profile.monthlyPrice })
      .from(user)
      .innerJoin(profile, eq(profile.userId, user.id))
      .where(and(eq(user.id, writerId), eq(user.banned, false)))
    if (!writer) throw new AppError('not_found', 'This writer does not exist')
    if (writer.price === 0) {
      throw new AppError('conflict', 'This writer is free to follow: no payment is needed')
    }
    const [current] = await db
      .select({ kind: subscription.kind })
      .from(subscription)
      .where(liveSubscription(buyerId, writerId))
    if (current?.kind === 'paid') throw new AppError('conflict', 'You already subscribe to this writer')
    return { amount: writer.price, currency: 'USD', sellerId: writerId }
  },
  async describe(db, writerIds) {
    if (writerIds.length === 0) return new Map()
    const rows = await db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(inArray(user.id, writerIds))
    return new Map(rows.map((w) => [w.id, { title: `Monthly subscription to ${w.name}`, seller: w }]))
  },
  sellerOf: (paid) => paid.itemId,
  // A paid subscription that runs (renewing or to its period's end) from another order.
  async held(tx, paid) {
    const [current] = await tx
      .select({ orderId: subscription.orderId })
      .from(subscription)
      .where(and(liveSubscription(paid.buyerId, paid.itemId), eq(subscription.kind, 'paid')))
    return Boolean(current && current.orderId !== paid.id)
  },
  async grant(tx, paid, now) {
    const [current] = await tx
      .select()
      .from(subscription)
      .where(liveSubscription(paid.buyerId, paid.itemId))
      .for('update')
    const fields = {
      kind: 'paid' as const,
      price: paid.amount,
      currency: paid.currency,
      status: 'active' as const,
      orderId: paid.id,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    }
    // A paid one that runs is never here (held() refunded that payment): a free follow becomes paid.
    const period = { currentPeriodStart: now, currentPeriodEnd: addMonth(now) }
    if (current) {
      await tx
        .update(subscription)
        .set({ ...fields, ...period })
        .where(eq(subscription.id, current.id))
    } else {
      await tx
        .insert(subscription)
        .values({ subscriberId: paid.buyerId, writerId: paid.itemId, createdAt: now, ...fields, ...period })
    }
    if (current?.kind !== 'paid') await notifyNewSubscriber(tx, paid.itemId, paid.buyerId)
    // The buyer's success page watches the notification stream for this one.
    const [writer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, paid.itemId))
    await notify(
      tx,
      paid.buyerId,
      'order_paid',
      `Your subscription to ${writer?.name ?? 'this writer'} is active.`,
      `/payment/success?order=${paid.id}`,
    )
  },
  async revoke(tx, refunded, now) {
    await tx
      .update(subscription)
      .set({ status: 'ended', currentPeriodEnd: now, cancelAtPeriodEnd: true, updatedAt: now })
      .where(and(eq(subscription.orderId, refunded.id), ne(subscription.status, 'ended')))
  },
  async renew(tx, paid, now, periodEnd) {
    const [current] = await tx
      .select()
      .from(subscription)
      .where(and(eq(subscription.orderId, paid.id), ne(subscription.status, 'ended')))
      .for('update')
    if (!current?.currentPeriodEnd) return
    // The provider's period when it sends one (it starts where the last ended); an older invoice
    // arriving late never shortens what is already paid for.
    if (periodEnd && periodEnd <= current.currentPeriodEnd) return
    const start = periodEnd ? current.currentPeriodEnd : later(current.currentPeriodEnd, now)
    const end = periodEnd ?? addMonth(start)
    // A renewal the provider billed means it renews: a failed renewal that Stripe's retries then
    // collected is active again (left 'cancelled', Inkwell's Cancel would never reach Stripe). The
    // sandbox never renews a cancelled subscription, so this is Stripe's case only.
    const revived =
      periodEnd && current.status === 'cancelled'
        ? { status: 'active' as const, cancelAtPeriodEnd: false }
        : {}
    await tx
      .update(subscription)
      .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now, ...revived })
      .where(eq(subscription.id, current.id))
  },
  async renewalFailed(tx, paid, now) {
    await tx
      .update(subscription)
      .set({ status: 'cancelled', cancelAtPeriodEnd: true, updatedAt: now })
      .where(and(eq(subscription.orderId, paid.id), eq(subscription.status, 'active')))
  },
  async end(tx, paid, at, now) {
    const [current] = await tx
      .select()
      .from(subscription)
      .where(and(eq(subscription.orderId, paid.id), ne(subscription.status, 'ended')))
      .for('update')
    if (!current) return
    const end = current.currentPeriodEnd && current.currentPeriodEnd < at ? current.currentPeriodEnd : at
    await tx
      .update(subscription)
      .set({ status: 'ended', currentPeriodEnd: end, cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscription.id, current.id))
  },
  async setRenewal(tx, paid, renew, at, now) {
    const [current] = await tx
      .select()
      .from(subscription)
      .where(and(eq(subscription.orderId, paid.id), ne(subscription.status, 'ended')))
      .for('update')
    if (!current || current.updatedAt >= at) return
    if (renew) {
      if (current.status !== 'cancelled' || !current.currentPeriodEnd || current.currentPeriodEnd <= now)
        return
      await tx
        .update(subscription)
        .set({ status: 'active', cancelAtPeriodEnd: false, updatedAt: now })
        .where(eq(subscription.id, current.id))
      return
    }
    if (current.status !== 'active') return
    await tx
      .update(subscription)
      .set({ status: 'cancelled', cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscription.id, current.id))
    const [subscriber] = await tx.select({ name: user.name }).from(user).where(eq(user.id, paid.buyerId))
    await notify(
      tx,
      paid.itemId,
      'subscriber_cancelled',
      `${subscriber?.name ?? 'A subscriber'} cancelled their subscription`,
      '/subscriptions',
    )
  },
}

export const ITEM_KINDS: Record<OrderItemKind, ItemKind> = { subscription: subscriptionItem, book: bookItem }
