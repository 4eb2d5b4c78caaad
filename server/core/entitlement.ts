import { and, eq, gt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AppContext, SessionUser } from '#server/context.ts'
import { profile, subscription } from '#server/db/schema/index.ts'
import { isAdmin } from './policies/index.ts'

// Who reads a subscribers-only body: its writer's active subscribers, the author and
// admins. The one place this rule lives; every endpoint that returns a body asks here.

/**
 * A live subscription of `readerId` to `writerId` that opens their subscribers' posts at `now`:
 * not ended, and either a free follow while the writer's current price is 0, or a paid one whose
 * period has not run out (a cancelled one reads to its period's end). A WHERE condition, ready for
 * a list query that needs it.
 */
function subscriberEntitlement(readerId: string, writerId: string, now: Date): SQL {
  const writerPrice = sql`coalesce((select ${profile.monthlyPrice} from ${profile} where ${profile.userId} = ${writerId}), 0)`
  return sql`exists (select 1 from ${subscription} where ${and(
    eq(subscription.subscriberId, readerId),
    eq(subscription.writerId, writerId),
    ne(subscription.status, 'ended'),
    or(
      and(eq(subscription.kind, 'free'), sql`${writerPrice} = 0`),
      and(eq(subscription.kind, 'paid'), gt(subscription.currentPeriodEnd, now)),
    ),
  )})`
}

/** Whether `reader` may read the subscribers-only bodies of `writerId` now. */
export async function canReadSubscriberBody(
  ctx: AppContext,
  reader: SessionUser | null,
  writerId: string,
): Promise<boolean> {
  if (!reader) return false
  if (reader.id === writerId || isAdmin(reader)) return true
  const { rows } = await ctx.db.execute<{ entitled: boolean }>(
    sql`select ${subscriberEntitlement(reader.id, writerId, ctx.clock.now())} as entitled`,
  )
  return rows[0]?.entitled === true
}
