import { and, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { book, bookOwnership, subscription } from '#server/db/schema/index.ts'

/**
 * Why this account cannot be closed by its owner, or null when it can. Deleting a user cascades to
 * their books (and so to the copies readers bought) and to their subscriptions (ending what paid
 * subscribers paid for): a writer whose books have owners, or who has paid subscribers in a paid
 * month, closes their account through us instead (decision 020, Owners keep what they bought).
 */
export async function accountClosingProblem(db: Db, userId: string, now: Date): Promise<string | null> {
  const [owned] = await db
    .select({ bookId: bookOwnership.bookId })
    .from(bookOwnership)
    .innerJoin(book, eq(book.id, bookOwnership.bookId))
    .where(and(eq(book.authorId, userId), ne(bookOwnership.userId, userId)))
    .limit(1)
  const [paying] = await db
    .select({ id: subscription.id })
    .from(subscription)
    .where(
      and(
        eq(subscription.writerId, userId),
        eq(subscription.kind, 'paid'),
        ne(subscription.status, 'ended'),
        gt(subscription.currentPeriodEnd, now),
      ),
    )
    .limit(1)
  const contact = 'write to us through the contact page to close your account.'
  if (owned && paying)
    return `Your books have readers and your paid subscribers have months they paid for: ${contact}`
  if (owned) return `Your books have readers who keep what they bought: ${contact}`
  if (paying) return `Your paid subscribers have months they paid for: ${contact}`
  return null
}
