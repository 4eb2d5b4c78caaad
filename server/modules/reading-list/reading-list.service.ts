import { and, desc, eq } from 'drizzle-orm'
import type { ReadingListPage, ReadingListQuery, SavedState } from '#common/schemas/reading-list.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { post, readingList, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { bodyReadable, cardColumns, findReadablePost, toCard } from '#server/modules/posts/index.ts'

// Save for later (decision 056): a reader's list of published posts. Any post whose page they may
// see can be saved (a subscribers-only one too); whether its body is theirs to read is said with
// each item, and only then does the device keep it. A list is its reader's alone.

/** A published post the reader may see; a draft (even their own) or an unknown one is a 404. */
async function findSaveablePost(ctx: AppContext, actor: SessionUser, postId: string) {
  const row = await findReadablePost(ctx, actor, postId)
  if (row.status !== 'published') throw new AppError('not_found', 'That post does not exist')
  return row
}

const mine = (actor: SessionUser, postId: string) =>
  and(eq(readingList.userId, actor.id), eq(readingList.postId, postId))

/** Saves the post to the reader's list; saving it again keeps the first save. */
export async function savePost(ctx: AppContext, actor: SessionUser, postId: string): Promise<SavedState> {
  const row = await findSaveablePost(ctx, actor, postId)
  await ctx.db
    .insert(readingList)
    .values({ userId: actor.id, postId, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
  return { saved: true, readable: await bodyReadable(ctx, actor, row) }
}

/** Takes the post off the list; a post that was not on it is already off it. */
export async function unsavePost(ctx: AppContext, actor: SessionUser, postId: string): Promise<void> {
  await ctx.db.delete(readingList).where(mine(actor, postId))
}

/** Whether the reader saved this post (its page's button). */
export async function savedState(ctx: AppContext, actor: SessionUser, postId: string): Promise<SavedState> {
  const row = await findSaveablePost(ctx, actor, postId)
  const [saved] = await ctx.db
    .select({ postId: readingList.postId })
    .from(readingList)
    .where(mine(actor, postId))
  return { saved: Boolean(saved), readable: await bodyReadable(ctx, actor, row) }
}

/**
 * The reader's list, newest saves first (keyset on created_at, post_id). A post unpublished since,
 * or whose writer is suspended, leaves the list while it is so.
 */
export async function listReadingList(
  ctx: AppContext,
  actor: SessionUser,
  query: ReadingListQuery,
): Promise<ReadingListPage> {
  const rows = await ctx.db
    .select({ ...cardColumns, savedAt: readingList.createdAt })
    .from(readingList)
    .innerJoin(post, eq(post.id, readingList.postId))
    .innerJoin(user, activeAuthor(post.authorId))
    .where(
      and(
        eq(readingList.userId, actor.id),
        eq(post.status, 'published'),
        afterCursor(query.cursor, readingList.createdAt, readingList.postId),
      ),
    )
    .orderBy(desc(readingList.createdAt), desc(readingList.postId))
    .limit(query.limit + 1)
  const page = toPage(
    rows.map((r) => ({ ...r, createdAt: r.savedAt })),
    query.limit,
    (r) => r,
  )
  // Once per writer: a subscription opens all of their subscribers' posts.
  const writers = new Map<string, Promise<boolean>>()
  const readable = (authorId: string) => {
    const known = writers.get(authorId)
    if (known) return known
    const asked = bodyReadable(ctx, actor, { access: 'subscribers', authorId })
    writers.set(authorId, asked)
    return asked
  }
  const items = await Promise.all(
    page.items.map(async ({ savedAt, createdAt: _createdAt, ...card }) => ({
      post: toCard(card),
      savedAt: savedAt.toISOString(),
      readable: card.access === 'free' || (await readable(card.author.id)),
    })),
  )
  return { items, nextCursor: page.nextCursor }
}
