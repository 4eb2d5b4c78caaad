import { and, eq, ne } from 'drizzle-orm'
import type { MySubscription, ViewerSubscription } from '#common/schemas/subscriptions.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { order, profile, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import type { PaymentProvider } from '#server/modules/payments/index.ts'
import { notifyNewSubscriber, toCheckoutOrder } from '#server/modules/payments/index.ts'
import { getMySubscription, notOver } from './lists.service.ts'

// Free follows (at once, only while the writer's price is 0) and a paid subscription's cancel and
// resume. Paid subscriptions begin only through an order and the provider (payments/items.ts).

type SubscriptionRow = typeof subscription.$inferSelect

const live = (subscriberId: string, writerId: string) =>
  and(
    eq(subscription.subscriberId, subscriberId),
    eq(subscription.writerId, writerId),
    ne(subscription.status, 'ended'),
  )

export function toViewerSubscription(row: SubscriptionRow): ViewerSubscription {
  return {
    kind: row.kind,
    status: row.status === 'active' ? 'active' : 'cancelled',
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    pricePaid: row.price,
  }
}

/** The viewer's live subscription to a writer: null when signed out, not subscribed or ended. */
export async function viewerSubscription(
  ctx: AppContext,
  viewer: SessionUser | null,
  writerId: string,
): Promise<ViewerSubscription | null> {
  if (!viewer) return null
  const [row] = await ctx.db
    .select()
    .from(subscription)
    .where(and(live(viewer.id, writerId), notOver(ctx.clock.now())))
  return row ? toViewerSubscription(row) : null
}

/** Follows a free writer. `created` is false when already following (or already paying). */
export async function follow(
  ctx: AppContext,
  actor: SessionUser,
  writerId: string,
): Promise<{ created: boolean; subscription: ViewerSubscription }> {
  if (writerId === actor.id)
    throw new AppError('bad_request', 'You cannot follow yourself', {
      writerId: 'You cannot follow yourself',
    })
  const [writer] = await ctx.db
    .select({ price: profile.monthlyPrice })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(and(eq(user.id, writerId), eq(user.banned, false)))
  if (!writer) throw new AppError('not_found', 'That writer does not exist')
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscription).where(live(actor.id, writerId))
    if (current) return { created: false, subscription: toViewerSubscription(current) }
    if (writer.price > 0)
      throw new AppError('conflict', 'This writer has a paid subscription: subscribe through checkout')
    // Two follows racing: the live-subscription unique index lets one in; the other reads it.
    const [created] = await tx
      .insert(subscription)
      .values({ subscriberId: actor.id, writerId, kind: 'free', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!created) {
      const [winner] = await tx.select().from(subscription).where(live(actor.id, writerId))
      return { created: false, subscription: toViewerSubscription(winner) }
    }
    await notifyNewSubscriber(tx, writerId, actor.id)
    return { created: true, subscription: toViewerSubscription(created) }
  })
}

/** Ends a free follow at once; nothing to end is fine. A paid subscription is cancelled instead. */
export async function unfollow(ctx: AppContext, actor: SessionUser, writerId: string): Promise<void> {
  const [current] = await ctx.db.select().from(subscription).where(live(actor.id, writerId))
  if (!current) return
  if (current.kind === 'paid')
    throw new AppError('conflict', 'This is a paid subscription: cancel it to stop at the end of the period')
  const now = ctx.clock.now()
  await ctx.db
    .update(subscription)
    .set({ status: 'ended', updatedAt: now })
    .where(and(eq(subscription.id, current.id), ne(subscription.status, 'ended')))
}

/** The actor's own live, paid subscription (locked, in a transaction); anyone else's is not found. */
async function ownPaid(tx: Db | Tx, actor: SessionUser, id: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscription)
    .where(and(eq(subscription.id, id), eq(subscription.subscriberId, actor.id)))
    .for('update')
  if (!row) throw new AppError('not_found', 'This subscription does not exist')
  if (row.status === 'ended') throw new AppError('conflict', 'This subscription has ended')
  if (row.kind === 'free')
    throw new AppError('conflict', 'This is a free follow: unfollow the writer instead')
  return row
}

/**
 * Tells the provider that sold the subscription whether it renews, BEFORE Inkwell records it: if
 * Stripe cannot be told, it would go on charging, so nothing changes here either (a 409 saying so).
 * The call is made outside the transaction, so no row is locked while the network answers.
 */
async function tellProvider(
  ctx: AppContext,
  provider: PaymentProvider,
  row: SubscriptionRow,
  renew: boolean,
) {
  if (!row.orderId) return
  const [paid] = await ctx.db.select().from(order).where(eq(order.id, row.orderId))
  // Sold through a provider no longer configured (demo data, a switch of provider): nothing to tell.
  if (!paid || paid.provider !== provider.name) return
  await provider.setRenewal(await toCheckoutOrder(ctx, paid), renew)
}

/** Stops renewal; access runs to the period's end. Cancelling twice is one cancellation. */
export async function cancelSubscription(
  ctx: AppContext,
  provider: PaymentProvider,
  actor: SessionUser,
  id: string,
): Promise<MySubscription> {
  const before = await ownPaid(ctx.db, actor, id)
  if (before.status === 'cancelled') return getMySubscription(ctx, actor, id)
  await tellProvider(ctx, provider, before, false)
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const row = await ownPaid(tx, actor, id)
    if (row.status === 'cancelled') return
    await tx
      .update(subscription)
      .set({ status: 'cancelled', cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscription.id, row.id))
    await notify(
      tx,
      row.writerId,
      'subscriber_cancelled',
      `${actor.name} cancelled their subscription`,
      '/subscriptions',
    )
  })
  return getMySubscription(ctx, actor, id)
}

/** Renews again, while the paid period still runs. Resuming an active one changes nothing. */
export async function resumeSubscription(
  ctx: AppContext,
  provider: PaymentProvider,
  actor: SessionUser,
  id: string,
): Promise<MySubscription> {
  const now = ctx.clock.now()
  const resumable = (row: SubscriptionRow) => {
    if (!row.currentPeriodEnd || row.currentPeriodEnd <= now)
      throw new AppError('conflict', 'This subscription has run out: subscribe again from the writer page')
  }
  const before = await ownPaid(ctx.db, actor, id)
  if (before.status === 'active') return getMySubscription(ctx, actor, id)
  resumable(before)
  await tellProvider(ctx, provider, before, true)
  await ctx.db.transaction(async (tx) => {
    const row = await ownPaid(tx, actor, id)
    if (row.status === 'active') return
    resumable(row)
    await tx
      .update(subscription)
      // Stamped after the provider was told: its own echo of this change is older (items.ts).
      .set({ status: 'active', cancelAtPeriodEnd: false, updatedAt: ctx.clock.now() })
      .where(eq(subscription.id, row.id))
  })
  return getMySubscription(ctx, actor, id)
}
