import { and, asc, eq, gt, ne, or, type SQL } from 'drizzle-orm'
import type { NewsletterContactStatus } from '#common/schemas/newsletters.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { csvLine } from '#server/core/csv.ts'
import { beyondKey } from '#server/db/cursor.ts'
import { newsletterContact, subscription, user } from '#server/db/schema/index.ts'

// GET /api/me/subscribers/export: every subscriber of the writer as CSV, for their records or
// another service. Read in keyset pages and sent as they come, so a list of any length takes the
// memory of one page. Cells are escaped and never start a spreadsheet formula (core/csv.ts).

/** Rows per read. */
export const EXPORT_PAGE = 1000

export const SUBSCRIBERS_CSV_HEADER = ['email', 'name', 'type', 'status', 'emails_on', 'since']

const day = (at: Date | null) => at?.toISOString().slice(0, 10) ?? ''
const yesNo = (on: boolean) => (on ? 'yes' : 'no')

const CONTACT_STATUS: Record<NewsletterContactStatus, string> = {
  pending: 'pending confirmation',
  confirmed: 'confirmed',
  unsubscribed: 'unsubscribed',
  bounced: 'bounced',
}

/** Pages of (created_at, id) ascending until a short one: each page's rows as CSV text. */
async function* pages<R extends { createdAt: Date; id: string }>(
  read: (after: SQL | undefined) => Promise<R[]>,
  key: Parameters<typeof beyondKey>[2],
  id: Parameters<typeof beyondKey>[3],
  line: (row: R) => string[],
): AsyncGenerator<string> {
  let after: SQL | undefined
  for (;;) {
    const rows = await read(after)
    if (rows.length > 0) yield rows.map((row) => csvLine(line(row))).join('')
    if (rows.length < EXPORT_PAGE) return
    const last = rows.at(-1)!
    after = beyondKey(last.createdAt, last.id, key, id, 'asc')
  }
}

/**
 * The CSV, a page at a time: the header, the writer's subscriptions not over (a cancelled one
 * until its period ends), then every address they imported, whatever its status. Oldest first.
 */
export async function* subscribersCsv(ctx: AppContext, actor: SessionUser): AsyncGenerator<string> {
  yield csvLine(SUBSCRIBERS_CSV_HEADER)
  const now = ctx.clock.now()
  const live = and(
    eq(subscription.writerId, actor.id),
    ne(subscription.status, 'ended'),
    or(ne(subscription.status, 'cancelled'), gt(subscription.currentPeriodEnd, now)),
  )
  yield* pages(
    (after) =>
      ctx.db
        .select({
          id: subscription.id,
          createdAt: subscription.createdAt,
          kind: subscription.kind,
          status: subscription.status,
          periodEnd: subscription.currentPeriodEnd,
          emailNewPosts: subscription.emailNewPosts,
          email: user.email,
          name: user.name,
          newsletters: user.newsletters,
          bouncedAt: user.emailBouncedAt,
        })
        .from(subscription)
        .innerJoin(user, eq(user.id, subscription.subscriberId))
        .where(and(live, after))
        .orderBy(asc(subscription.createdAt), asc(subscription.id))
        .limit(EXPORT_PAGE),
    subscription.createdAt,
    subscription.id,
    (r) => [
      r.email,
      r.name,
      r.kind,
      r.status === 'cancelled' ? `cancelled until ${day(r.periodEnd)}` : 'active',
      yesNo(r.emailNewPosts && r.newsletters && r.bouncedAt === null),
      day(r.createdAt),
    ],
  )
  yield* pages(
    (after) =>
      ctx.db
        .select()
        .from(newsletterContact)
        .where(and(eq(newsletterContact.writerId, actor.id), after))
        .orderBy(asc(newsletterContact.createdAt), asc(newsletterContact.id))
        .limit(EXPORT_PAGE),
    newsletterContact.createdAt,
    newsletterContact.id,
    (r) => [
      r.email,
      r.name,
      'imported',
      CONTACT_STATUS[r.status],
      yesNo(r.status === 'confirmed'),
      day(r.createdAt),
    ],
  )
}
