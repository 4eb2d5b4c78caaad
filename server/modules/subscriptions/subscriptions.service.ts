import { and, eq, ne } from 'drizzle-orm'
import type { MySubscription, ViewerSubscription } from '#common/schemas/subscriptions.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { profile, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { notify } from '#server/modules/notifications/notify.ts'
import { notifyNewSubscriber } from '#server/modules/payments/items.ts'
import { getMySubscription } from './lists.service.ts'

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
  const [row] = await ctx.db.select().from(subscription).where(live(viewer.id, writerId))
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

/** The actor's own live, paid subscription, locked; anyone else's is not found. */
async function ownPaid(tx: Tx, actor: SessionUser, id: string): Promise<SubscriptionRow> {
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

/** Stops renewal; access runs to the period's end. Cancelling twice is one cancellation. */
export async function cancelSubscription(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<MySubscription> {
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
  actor: SessionUser,
  id: string,
): Promise<MySubscription> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const row = await ownPaid(tx, actor, id)
    if (row.status === 'active') return
    if (!row.currentPeriodEnd || row.currentPeriodEnd <= now)
      throw new AppError('conflict', 'This subscription has run out: subscribe again from the writer page')
    await tx
      .update(subscription)
      .set({ status: 'active', cancelAtPeriodEnd: false, updatedAt: now })
      .where(eq(subscription.id, row.id))
  })
  return getMySubscription(ctx, actor, id)
}
