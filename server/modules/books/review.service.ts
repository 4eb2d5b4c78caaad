import { and, asc, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { bookPath } from '#common/paths.ts'
import type { AuthorBook, BookReviewItem } from '#common/schemas/books.ts'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import type { Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import { book, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { authorColumns, type BookRow, bookNotFound, toAuthorBook, toAuthorBookSummary } from './book-rows.ts'
import { assertChaptersWritten } from './books.service.ts'

// The admins' book review queue and its two decisions, as for posts and exams. Admin-only by the
// /api/admin scope's guard.

/** Pending books, the longest waiting first: keyset on (updated_at, id) ascending. */
export async function listBookReviewQueue(
  ctx: AppContext,
  query: { cursor?: string; limit: number },
): Promise<Page<BookReviewItem>> {
  const rows = await ctx.db
    .select({ book, author: authorColumns })
    .from(book)
    .innerJoin(user, eq(user.id, book.authorId))
    .where(and(eq(book.status, 'pending'), afterCursor(query.cursor, book.updatedAt, book.id, 'asc')))
    .orderBy(asc(book.updatedAt), asc(book.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((r) => ({ ...r, id: r.book.id })),
    query.limit,
    (r) => ({ ...toAuthorBookSummary(r.book), author: r.author }),
    (r) => r.book.updatedAt,
  )
}

/**
 * Moves a pending book on. The book row is locked first, as every chapter write locks it, so the
 * chapters `check` reads stay as they are until the decision is made. Not pending is a 409 (a second
 * decision included).
 */
async function decide(
  ctx: AppContext,
  id: string,
  change: PgUpdateSetSource<typeof book>,
  notice: (row: BookRow) => { kind: 'item_approved' | 'item_rejected'; message: string; link: string },
  check: (tx: Tx) => Promise<unknown> = async () => {},
): Promise<AuthorBook> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: book.status }).from(book).where(eq(book.id, id)).for('update')
    if (!before) throw bookNotFound()
    if (before.status !== 'pending') throw new AppError('conflict', 'This book is not waiting for review')
    await check(tx)
    const [row] = await tx
      .update(book)
      .set({ ...change, updatedAt: ctx.clock.now() })
      .where(eq(book.id, id))
      .returning()
    const result = await toAuthorBook(tx, row)
    const { kind, message, link } = notice(row)
    // Last in the transaction (notify holds the events lock until commit).
    await notify(tx, row.authorId, kind, message, link)
    return result
  })
}

export async function approveBook(ctx: AppContext, id: string): Promise<AuthorBook> {
  return decide(
    ctx,
    id,
    {
      status: 'published',
      rejectionReason: null,
      publishedAt: sql`coalesce(${book.publishedAt}, ${ctx.clock.now().toISOString()}::timestamptz)`,
    },
    (row) => ({
      kind: 'item_approved',
      message: `Your book “${row.title}” is published in the Books Store.`,
      link: bookPath(row.id),
    }),
    // Its chapters may have been emptied or deleted since it was submitted.
    (tx) => assertChaptersWritten(tx, id, 'approve'),
  )
}

export async function rejectBook(ctx: AppContext, id: string, reason: string): Promise<AuthorBook> {
  return decide(ctx, id, { status: 'rejected', rejectionReason: reason }, (row) => ({
    kind: 'item_rejected',
    message: `Your book “${row.title}” was not published: ${reason}`,
    link: `/postbook?id=${row.id}`,
  }))
}
