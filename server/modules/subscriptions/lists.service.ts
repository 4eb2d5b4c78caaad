import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  MySubscription,
  MySubscriptionPage,
  SubscriberPage,
  SubscriptionsQuery,
} from '#common/schemas/subscriptions.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { profile, subscription, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

// The subscriptions screen's two lists, newest first in keyset pages: whom I follow or pay
// (subscription_subscriber_idx) and who follows or pays me (subscription_writer_idx). Only live
// subscriptions: an ended one is gone from both.

/**
 * Not over at `now`: not ended, and a cancelled one only until its period's end. Housekeeping marks
 * a run-out cancellation ended within the minute; until it has, nobody is shown it as live.
 */
export const notOver = (now: Date) =>
  and(
    ne(subscription.status, 'ended'),
    or(ne(subscription.status, 'cancelled'), gt(subscription.currentPeriodEnd, now)),
  )

type SubscriptionRow = typeof subscription.$inferSelect
const other = alias(user, 'other')
const person = { id: other.id, name: other.name, image: other.image }

function fieldsOf(row: SubscriptionRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'active' ? ('active' as const) : ('cancelled' as const),
    pricePaid: row.price,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    renewsAt:
      row.kind === 'paid' && row.status === 'active' ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  }
}

const mine = (actor: SessionUser) =>
  and(eq(subscription.subscriberId, actor.id), ne(subscription.status, 'ended'))

export async function listMySubscriptions(
  ctx: AppContext,
  actor: SessionUser,
  query: SubscriptionsQuery,
): Promise<MySubscriptionPage> {
  const rows = await ctx.db
    .select({ row: subscription, writer: person, id: subscription.id, createdAt: subscription.createdAt })
    .from(subscription)
    .innerJoin(other, eq(other.id, subscription.writerId))
    .where(
      and(
        mine(actor),
        notOver(ctx.clock.now()),
        afterCursor(query.cursor, subscription.createdAt, subscription.id),
      ),
    )
    .orderBy(desc(subscription.createdAt), desc(subscription.id))
    .limit(query.limit + 1)
  return toPage(rows, query.limit, ({ row, writer }) => ({ ...fieldsOf(row), writer }))
}

/** One of my live subscriptions (after cancel or resume). */
export async function getMySubscription(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<MySubscription> {
  const [found] = await ctx.db
    .select({ row: subscription, writer: person })
    .from(subscription)
    .innerJoin(other, eq(other.id, subscription.writerId))
    .where(and(eq(subscription.id, id), mine(actor)))
  if (!found) throw new AppError('not_found', 'This subscription does not exist')
  return { ...fieldsOf(found.row), writer: found.writer }
}

export async function listMySubscribers(
  ctx: AppContext,
  actor: SessionUser,
  query: SubscriptionsQuery,
): Promise<SubscriberPage> {
  const subscribersOfMine = and(eq(subscription.writerId, actor.id), notOver(ctx.clock.now()))
  const rows = await ctx.db
    .select({ row: subscription, subscriber: person, id: subscription.id, createdAt: subscription.createdAt })
    .from(subscription)
    .innerJoin(other, eq(other.id, subscription.subscriberId))
    .where(and(subscribersOfMine, afterCursor(query.cursor, subscription.createdAt, subscription.id)))
    .orderBy(desc(subscription.createdAt), desc(subscription.id))
    .limit(query.limit + 1)
  const [totals] = await ctx.db
    .select({
      paidCount: sql<number>`count(*) filter (where ${subscription.kind} = 'paid')::int`,
      freeCount: sql<number>`count(*) filter (where ${subscription.kind} = 'free')::int`,
    })
    .from(subscription)
    .where(subscribersOfMine)
  const [mySettings] = await ctx.db
    .select({ monthlyPrice: profile.monthlyPrice })
    .from(profile)
    .where(eq(profile.userId, actor.id))
  const page = toPage(rows, query.limit, ({ row, subscriber }) => ({ ...fieldsOf(row), subscriber }))
  return { ...page, ...totals, monthlyPrice: mySettings?.monthlyPrice ?? 0 }
}
