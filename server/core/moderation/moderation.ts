import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import { user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

// The one review workflow (decision 043): what waits for an admin, first come first served, and
// the two decisions on it. Posts, books and exams each describe themselves once as a ModerationKind
// (their module's review.ts); the queue, the locking, the state change, the clock and the author's
// notification are the same for all of them and live here. Admin-only by the /api/admin scope's
// guards in the routes that call it.

/** The columns every reviewed table has. */
type ReviewColumns = {
  id: PgColumn
  authorId: PgColumn
  title: PgColumn
  status: PgColumn
  rejectionReason: PgColumn
  publishedAt: PgColumn
  updatedAt: PgColumn
}

export type ReviewTable = PgTable & ReviewColumns

/** What the workflow reads of a row: every reviewed table's row has at least this. */
export type ReviewRow = {
  id: string
  authorId: string
  title: string
  status: string
  publishedAt: Date | null
  updatedAt: Date
}

/** The author as a queue card shows them. */
export type ReviewAuthor = { id: string; name: string; image: string | null }

/**
 * One kind of reviewed item. `Row` is its table's row, `Extra` the columns its queue card reads
 * beyond the row and its author, `Item` the card, `Result` what a decision answers.
 */
export interface ModerationKind<
  Row extends ReviewRow,
  Extra extends Record<string, SQL.Aliased | SQL>,
  Item,
  Result,
> {
  /** Its name in the author's notification and in the 404 and 409 answers ("post"). */
  noun: string
  table: ReviewTable
  /** Where the published item is read, and where its author edits it after a rejection. */
  readerPath(row: Row): string
  editorPath(row: Row): string
  /** Said after "Your book “…” is published" ("in the Books Store"), when there is more to say. */
  publishedWhere?: string
  /** What a queue card reads besides the row and its author: subqueries on the row (not `row` or `author`). */
  queueColumns(db: Db): Extra
  toQueueItem(row: Row, author: ReviewAuthor, extra: { [K in keyof Extra]: Extra[K]['_']['type'] }): Item
  /** Refuses to publish the item as it now stands (it may have changed since it was submitted). */
  assertPublishable?(tx: Tx, row: Row): unknown
  /** The item as a decision answers it, read in the deciding transaction. */
  toResult(tx: Tx, row: Row): Result | Promise<Result>
  /** What else an approval starts, in its transaction (a post's newsletter at its first publication). */
  onApproved?(ctx: AppContext, tx: Tx, row: Row, first: boolean): Promise<unknown>
}

// The workflow sees every kind through the columns and row fields all reviewed tables share.
type AnyKind<Item = unknown, Result = unknown> = ModerationKind<
  ReviewRow,
  Record<string, SQL.Aliased | SQL>,
  Item,
  Result
>

/** Pending items, the longest waiting first: keyset on (updated_at, id) ascending. */
export async function listReviewQueue<Item>(
  ctx: AppContext,
  kind: AnyKind<Item>,
  query: { cursor?: string; limit: number },
): Promise<Page<Item>> {
  const t = kind.table
  // A table known only by its review columns reads as untyped rows: these are the kind's rows.
  const rows = (await ctx.db
    .select({
      ...kind.queueColumns(ctx.db),
      row: t,
      author: { id: user.id, name: user.name, image: user.image },
    })
    .from(t)
    .innerJoin(user, eq(user.id, t.authorId))
    .where(and(eq(t.status, 'pending'), afterCursor(query.cursor, t.updatedAt, t.id, 'asc')))
    .orderBy(asc(t.updatedAt), asc(t.id))
    .limit(query.limit + 1)) as ({ row: ReviewRow; author: ReviewAuthor } & Record<string, unknown>)[]
  return toPage(
    rows.map((r) => ({ ...r, id: r.row.id })),
    query.limit,
    (r) => kind.toQueueItem(r.row, r.author, r),
    (r) => r.row.updatedAt,
  )
}

type Decision = { approve: true } | { approve: false; reason: string }

/**
 * Moves a pending item on. Its row is locked first (the author's edits and, for books, chapter
 * writes lock it too), so what `assertPublishable` reads stays as it is until the decision is
 * made. Missing is a 404; not pending is a 409 (a second decision included).
 */
async function decide<Result>(
  ctx: AppContext,
  kind: AnyKind<unknown, Result>,
  id: string,
  decision: Decision,
): Promise<Result> {
  const t = kind.table
  return ctx.db.transaction(async (tx) => {
    const [before] = (await tx.select().from(t).where(eq(t.id, id)).for('update')) as ReviewRow[]
    if (!before) throw new AppError('not_found', `That ${kind.noun} does not exist`)
    if (before.status !== 'pending') {
      throw new AppError('conflict', `This ${kind.noun} is not waiting for review`)
    }
    const now = ctx.clock.now()
    const change: PgUpdateSetSource<ReviewTable> = decision.approve
      ? // Edited after publication and approved again, it keeps its first publication date.
        { status: 'published', rejectionReason: null, publishedAt: before.publishedAt ?? now }
      : { status: 'rejected', rejectionReason: decision.reason }
    if (decision.approve) await kind.assertPublishable?.(tx, before)
    const [row] = (await tx
      .update(t)
      .set({ ...change, updatedAt: now })
      .where(eq(t.id, id))
      .returning()) as ReviewRow[]
    if (decision.approve) await kind.onApproved?.(ctx, tx, row, before.publishedAt === null)
    const result = await kind.toResult(tx, row)
    const title = `Your ${kind.noun} “${row.title}”`
    // Last in the transaction: notify holds the events lock until commit.
    if (decision.approve) {
      const where = kind.publishedWhere ? ` ${kind.publishedWhere}` : ''
      await notify(tx, row.authorId, 'item_approved', `${title} is published${where}.`, kind.readerPath(row))
    } else {
      await notify(
        tx,
        row.authorId,
        'item_rejected',
        `${title} was not published: ${decision.reason}`,
        kind.editorPath(row),
      )
    }
    return result
  })
}

/** Publishes a pending item and tells its author. */
export const approve = <Result>(ctx: AppContext, kind: AnyKind<unknown, Result>, id: string) =>
  decide(ctx, kind, id, { approve: true })

/** Sends a pending item back to its author with the reason. */
export const reject = <Result>(ctx: AppContext, kind: AnyKind<unknown, Result>, id: string, reason: string) =>
  decide(ctx, kind, id, { approve: false, reason })
