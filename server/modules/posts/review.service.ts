import { and, asc, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { postPath } from '#common/paths.ts'
import type { Post, ReviewItem } from '#common/schemas/posts.ts'
import type { AppContext } from '#server/context.ts'
import { afterCursor, encodeCursor } from '#server/db/cursor.ts'
import { post, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { notify } from '#server/modules/notifications/notify.ts'
import { type PostRow, toPost, toPostSummary } from './posts.service.ts'

// The admins' review queue: pending posts, first come first served, and the two decisions.
// Admin-only by the /api/admin scope's guard.

type PageQueryInput = { cursor?: string; limit: number }

/** Pending posts, the longest waiting first: keyset on (updated_at, id) ascending. */
export async function listReviewQueue(
  ctx: AppContext,
  query: PageQueryInput,
): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const rows = await ctx.db
    .select({ post, author: { id: user.id, name: user.name, image: user.image } })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .where(and(eq(post.status, 'pending'), afterCursor(query.cursor, post.updatedAt, post.id, 'asc')))
    .orderBy(asc(post.updatedAt), asc(post.id))
    .limit(query.limit + 1)
  const items = rows.slice(0, query.limit)
  const last = items.at(-1)?.post
  return {
    items: items.map((row) => ({ ...toPostSummary(row.post), author: row.author })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  }
}

/** Moves a pending post on; the status in the condition makes a second decision a 409. */
async function decide(
  ctx: AppContext,
  id: string,
  change: PgUpdateSetSource<typeof post>,
  notice: (row: PostRow) => { kind: 'item_approved' | 'item_rejected'; message: string; link: string },
): Promise<Post> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(post)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(post.id, id), eq(post.status, 'pending')))
      .returning()
    if (!row) {
      const [exists] = await tx.select({ id: post.id }).from(post).where(eq(post.id, id))
      if (!exists) throw new AppError('not_found', 'That post does not exist')
      throw new AppError('conflict', 'This post is not waiting for review')
    }
    const { kind, message, link } = notice(row)
    await notify(tx, row.authorId, kind, message, link)
    return toPost(row)
  })
}

export async function approvePost(ctx: AppContext, id: string): Promise<Post> {
  return decide(
    ctx,
    id,
    // A post edited after publication keeps its first publication date.
    { status: 'published', rejectionReason: null, publishedAt: sql`coalesce(${post.publishedAt}, now())` },
    (row) => ({
      kind: 'item_approved',
      message: `Your post “${row.title}” is published.`,
      link: postPath(row.authorId, row.slug),
    }),
  )
}

export async function rejectPost(ctx: AppContext, id: string, reason: string): Promise<Post> {
  return decide(ctx, id, { status: 'rejected', rejectionReason: reason }, (row) => ({
    kind: 'item_rejected',
    message: `Your post “${row.title}” was not published: ${reason}`,
    link: `/post?id=${row.id}`,
  }))
}
