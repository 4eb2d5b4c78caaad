import { and, count, eq, exists, or, sql } from 'drizzle-orm'
import type { PlatformTotals } from '#common/schemas/admin.ts'
import type { AppContext } from '#server/context.ts'
import { currencyOf } from '#server/core/ledger/accounts.ts'
import { book, contactMessage, exam, payout, post, report, user } from '#server/db/schema/index.ts'
import { monthlySales } from '#server/modules/earnings/index.ts'

// The admin's platform totals. Each count reads an index that leads with what it
// filters on (status first: post/book/exam_status_published_idx, report_status_created_idx,
// payout_status_created_idx); the money is every writer's months of the earning_month rollup.

/** Anyone with at least one published post, book or exam: what the product means by a writer. */
const hasPublished = or(
  // post_author_published_idx and book_author_published_idx: (author_id, status, ...).
  exists(sql`(select 1 from ${post} where ${post.authorId} = ${user.id} and ${post.status} = 'published')`),
  exists(sql`(select 1 from ${book} where ${book.authorId} = ${user.id} and ${book.status} = 'published')`),
  // exam_author_updated_idx: an author's exams are few; their status is read from the row.
  exists(sql`(select 1 from ${exam} where ${exam.authorId} = ${user.id} and ${exam.status} = 'published')`),
)

export async function platformTotals(ctx: AppContext, months: number): Promise<PlatformTotals> {
  const db = ctx.db
  const n = count()
  const [
    [users],
    [admins],
    [suspended],
    [openMessages],
    [writers],
    [posts],
    [books],
    [exams],
    [openReports],
    [openPayouts],
    money,
  ] = await Promise.all([
    db.select({ n }).from(user),
    db.select({ n }).from(user).where(eq(user.role, 'admin')),
    db.select({ n }).from(user).where(eq(user.banned, true)),
    db.select({ n }).from(contactMessage).where(eq(contactMessage.handled, false)),
    db.select({ n }).from(user).where(hasPublished),
    db.select({ n }).from(post).where(eq(post.status, 'published')),
    db.select({ n }).from(book).where(eq(book.status, 'published')),
    db.select({ n }).from(exam).where(eq(exam.status, 'published')),
    db.select({ n }).from(report).where(eq(report.status, 'open')),
    db
      .select({ n, amount: sql<string>`coalesce(sum(${payout.amount}), 0)::text` })
      .from(payout)
      .where(and(eq(payout.status, 'open'), eq(payout.currency, currencyOf()))),
    // Every writer's months: each sale, renewal and refund has one writer.
    monthlySales(ctx, { months }),
  ])
  return {
    users: users.n,
    admins: admins.n,
    suspended: suspended.n,
    openMessages: openMessages.n,
    writers: writers.n,
    published: { posts: posts.n, books: books.n, exams: exams.n },
    openReports: openReports.n,
    openPayouts: { count: openPayouts.n, amount: Number(openPayouts.amount) },
    currency: currencyOf(),
    months: money,
  }
}
