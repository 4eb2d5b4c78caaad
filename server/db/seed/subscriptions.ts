import { eq, sql } from 'drizzle-orm'
import { writeSale } from '#server/core/ledger/ledger.ts'
import type { Tx } from '#server/db/client.ts'
import { newsletterDelivery, order, post, profile, subscription, user } from '#server/db/schema/index.ts'
import { addMonth } from '#server/modules/payments/index.ts'
import type { DemoKey } from './types.ts'

const DAY = 24 * 3_600_000

/** Who charges (minor units a month); everyone else is free to follow. Grace stays free: the journeys set her price themselves. */
const PRICES: Partial<Record<DemoKey, number>> = { tomas: 400, mei: 500 }

/** Who holds what, and how many days ago the current month started. */
const SUBSCRIPTIONS: Array<{ reader: DemoKey; writer: DemoKey; daysAgo: number }> = [
  // Paid: Hannah reads Tomás's serial ("Subscribed just for this"), Grace pays Mei.
  { reader: 'hannah', writer: 'tomas', daysAgo: 12 },
  { reader: 'grace', writer: 'mei', daysAgo: 3 },
  // Free follows.
  { reader: 'hannah', writer: 'grace', daysAgo: 20 },
  { reader: 'priya', writer: 'grace', daysAgo: 8 },
  { reader: 'tomas', writer: 'priya', daysAgo: 5 },
]

/**
 * Demo prices and subscriptions, so the subscriptions screens are alive on first start. A paid one
 * is what fulfilment would have left: a paid sandbox order, its sale in the ledger (fee and net)
 * and a month that started some days ago. No notifications and no mail, like the rest of the seed.
 */
export async function seedSubscriptions(
  tx: Tx,
  ids: Record<DemoKey, string>,
  now: number,
  feePercent: number,
): Promise<void> {
  for (const [key, price] of Object.entries(PRICES)) {
    await tx
      .update(profile)
      .set({ monthlyPrice: price })
      .where(eq(profile.userId, ids[key as DemoKey]))
  }
  for (const s of SUBSCRIPTIONS) {
    const start = new Date(now - s.daysAgo * DAY)
    const price = PRICES[s.writer] ?? 0
    const subscriberId = ids[s.reader]
    const writerId = ids[s.writer]
    if (price === 0) {
      await tx
        .insert(subscription)
        .values({ subscriberId, writerId, kind: 'free', createdAt: start, updatedAt: start })
      continue
    }
    const [paid] = await tx
      .insert(order)
      .values({
        buyerId: subscriberId,
        itemKind: 'subscription',
        itemId: writerId,
        amount: price,
        status: 'paid',
        provider: 'sandbox',
        providerPaymentRef: `demo-${s.reader}-${s.writer}`,
        createdAt: start,
        updatedAt: start,
      })
      .returning()
    await writeSale(
      tx,
      { kind: 'sale', provider: 'sandbox', paymentRef: paid.providerPaymentRef ?? '', orderId: paid.id },
      { gross: price, currency: paid.currency, writerId, feePercent },
    )
    await tx.insert(subscription).values({
      subscriberId,
      writerId,
      kind: 'paid',
      price,
      orderId: paid.id,
      currentPeriodStart: start,
      currentPeriodEnd: addMonth(start),
      createdAt: start,
      updatedAt: start,
    })
  }
}

/**
 * The newsletters the demo subscriptions received: each post published since a subscription began,
 * sent to its subscriber a minute later, so My posts and Overview show a newsletter's figures. The
 * published posts are marked mailed (newsletter_queued_at) by the seed, so none is mailed again.
 */
export async function seedNewsletters(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into ${newsletterDelivery} (post_id, recipient_id, email, kind, status, attempts, created_at, sent_at)
    select ${post.id}, ${user.id}, ${user.email},
      case when ${post.access} = 'free' or ${subscription.kind} = 'paid' then 'full' else 'excerpt' end,
      'sent', 1, ${post.publishedAt}, ${post.publishedAt} + interval '1 minute'
    from ${post}
    join ${subscription} on ${subscription.writerId} = ${post.authorId} and ${subscription.status} <> 'ended'
      and ${subscription.createdAt} <= ${post.publishedAt}
    join ${user} on ${user.id} = ${subscription.subscriberId}
    where ${post.status} = 'published' and ${post.newsletterQueuedAt} is not null`)
}
