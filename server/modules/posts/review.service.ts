import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { postPath } from '#common/paths.ts'
import { excerptOf, hasContent, wordCountOf } from '#common/rich-text.ts'
import { type Post, REVIEW_OPENING_LENGTH, type ReviewItem } from '#common/schemas/posts.ts'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { afterCursor, encodeCursor } from '#server/db/cursor.ts'
import { post, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { assertHasBody, type PostRow, toPost, toPostSummary } from './posts.service.ts'

// The admins' review queue: pending posts, first come first served, and the two decisions.
// Admin-only by the /api/admin scope's guard.

type PageQueryInput = { cursor?: string; limit: number }

/**
 * Pending posts, the longest waiting first: keyset on (updated_at, id) ascending. Each with its
 * length and opening (read from the body the page loads anyway) and how many other posts its writer
 * has under the same title (counted over that writer's posts, by the author index).
 */
export async function listReviewQueue(
  ctx: AppContext,
  query: PageQueryInput,
): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const other = alias(post, 'other')
  const sameTitle = ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(other)
    .where(
      and(
        eq(other.authorId, post.authorId),
        sql`lower(${other.title}) = lower(${post.title})`,
        ne(other.id, post.id),
      ),
    )
  const rows = await ctx.db
    .select({
      post,
      author: { id: user.id, name: user.name, image: user.image },
      sameTitleCount: sql<number>`(${sameTitle})`.mapWith(Number),
    })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .where(and(eq(post.status, 'pending'), afterCursor(query.cursor, post.updatedAt, post.id, 'asc')))
    .orderBy(asc(post.updatedAt), asc(post.id))
    .limit(query.limit + 1)
  const items = rows.slice(0, query.limit)
  const last = items.at(-1)?.post
  return {
    items: items.map((row) => ({
      ...toPostSummary(row.post),
      author: row.author,
      wordCount: wordCountOf(row.post.bodyHtml),
      opening: excerptOf(row.post.bodyHtml, REVIEW_OPENING_LENGTH),
      hasBody: hasContent(row.post.bodyHtml),
      sameTitleCount: row.sameTitleCount,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  }
}

/**
 * Moves a pending post on: the row is locked, so the author's edits wait for the decision. Not
 * pending is a 409 (a second decision included); `check` may refuse the post as it stands.
 */
async function decide(
  ctx: AppContext,
  id: string,
  change: PgUpdateSetSource<typeof post>,
  notice: (row: PostRow) => { kind: 'item_approved' | 'item_rejected'; message: string; link: string },
  check: (row: PostRow) => void = () => {},
): Promise<Post> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(post).where(eq(post.id, id)).for('update')
    if (!before) throw new AppError('not_found', 'That post does not exist')
    if (before.status !== 'pending') throw new AppError('conflict', 'This post is not waiting for review')
    check(before)
    const [row] = await tx
      .update(post)
      .set({ ...change, updatedAt: ctx.clock.now() })
      .where(eq(post.id, id))
      .returning()
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
    // Submitted before posts needed a body, or emptied since: it cannot go live empty.
    assertHasBody,
  )
}

export async function rejectPost(ctx: AppContext, id: string, reason: string): Promise<Post> {
  return decide(ctx, id, { status: 'rejected', rejectionReason: reason }, (row) => ({
    kind: 'item_rejected',
    message: `Your post “${row.title}” was not published: ${reason}`,
    link: `/post?id=${row.id}`,
  }))
}
