import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { postPath } from '#common/paths.ts'
import type { Comment, CommentInput, CommentsQuery, LikeState, ViewCount } from '#common/schemas/comments.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { canReadSubscriberBody } from '#server/core/entitlement.ts'
import { notify } from '#server/core/notify.ts'
import { authorize, capabilities, contributionPolicy, postPolicy } from '#server/core/policies/index.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { post, postComment, postLike, postView, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { notifyLike } from '#server/modules/notifications/index.ts'

type PostRow = typeof post.$inferSelect
type CommentRow = typeof postComment.$inferSelect

// Where a like or comment notification leads.
const readingPath = (p: PostRow) => postPath(p.authorId, p.slug)

/**
 * A post the reader may read: published, or their own, or any for an admin. Anything else is the
 * same 404 as a post that does not exist, so drafts are not confirmed to exist.
 */
export async function findReadablePost(
  ctx: AppContext,
  reader: SessionUser | null,
  id: string,
): Promise<PostRow> {
  const [row] = await ctx.db.select().from(post).where(eq(post.id, id))
  if (!row || (row.status !== 'published' && !postPolicy.manage(reader, row))) {
    throw new AppError('not_found', 'That post does not exist')
  }
  return row
}

/**
 * A readable post whose discussion the reader may see and join: a subscribers-only post's
 * comments are for those who may read its body (they discuss and quote it).
 */
async function findDiscussablePost(
  ctx: AppContext,
  reader: SessionUser | null,
  id: string,
): Promise<PostRow> {
  const row = await findReadablePost(ctx, reader, id)
  const bodyReadable =
    row.access !== 'subscribers' || (await canReadSubscriberBody(ctx, reader, row.authorId))
  authorize(
    postPolicy.discuss,
    reader,
    { bodyReadable },
    'The discussion of this post is for its subscribers',
  )
  return row
}

/**
 * Counts shown with a post, from its counter columns (triggers keep them in step with likes,
 * comments and views: migration 0007), and whether the reader likes it.
 */
export async function reactionCounts(ctx: AppContext, postId: string, readerId: string | null) {
  const [row] = await ctx.db
    .select({
      likes: post.likeCount,
      liked: readerId
        ? sql`exists (select 1 from ${postLike} where ${postLike.postId} = ${postId} and ${postLike.userId} = ${readerId})`.mapWith(
            Boolean,
          )
        : sql`false`.mapWith(Boolean),
      comments: post.commentCount,
      views: post.viewCount,
    })
    .from(post)
    .where(eq(post.id, postId))
  return row ?? { likes: 0, liked: false, comments: 0, views: 0 }
}

async function likeState(ctx: AppContext, postId: string, userId: string): Promise<LikeState> {
  const { likes, liked } = await reactionCounts(ctx, postId, userId)
  return { likes, liked }
}

/**
 * Liking twice is liking once. A new like tells the post's author, in the one notification per post
 * that groups its likers (decision 015); unliking leaves that notification as it is, and liking again
 * after it does not bring it back while it still names you.
 */
export async function likePost(ctx: AppContext, actor: SessionUser, postId: string): Promise<LikeState> {
  const target = await findReadablePost(ctx, actor, postId)
  await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(postLike)
      .values({ postId, userId: actor.id })
      .onConflictDoNothing()
      .returning({ postId: postLike.postId })
    if (added.length > 0) await notifyLike(tx, target, actor.id, readingPath(target))
  })
  return likeState(ctx, postId, actor.id)
}

export async function unlikePost(ctx: AppContext, actor: SessionUser, postId: string): Promise<LikeState> {
  await findReadablePost(ctx, actor, postId)
  await ctx.db.delete(postLike).where(and(eq(postLike.postId, postId), eq(postLike.userId, actor.id)))
  return likeState(ctx, postId, actor.id)
}

const commentAuthor = { id: user.id, name: user.name, image: user.image }

const toComment =
  (viewer: SessionUser | null) =>
  ({ comment, author }: { comment: CommentRow; author: Comment['author'] }): Comment => ({
    id: comment.id,
    postId: comment.postId,
    author,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    ...capabilities(contributionPolicy, viewer, comment, ['edit', 'delete']),
  })

/** A post's comments, oldest first (keyset on created_at, id). */
export async function listComments(
  ctx: AppContext,
  reader: SessionUser | null,
  postId: string,
  query: CommentsQuery,
) {
  await findDiscussablePost(ctx, reader, postId)
  const rows = await ctx.db
    .select({ comment: postComment, author: commentAuthor })
    .from(postComment)
    .innerJoin(user, eq(user.id, postComment.authorId))
    .where(
      and(
        eq(postComment.postId, postId),
        afterCursor(query.cursor, postComment.createdAt, postComment.id, 'asc'),
      ),
    )
    .orderBy(asc(postComment.createdAt), asc(postComment.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((r) => ({ ...r, createdAt: r.comment.createdAt, id: r.comment.id })),
    query.limit,
    toComment(reader),
  )
}

/** Adds a comment and tells the post's author (not when they comment on their own post). */
export async function addComment(
  ctx: AppContext,
  actor: SessionUser,
  postId: string,
  input: CommentInput,
): Promise<Comment> {
  const target = await findDiscussablePost(ctx, actor, postId)
  const [author] = await ctx.db.select(commentAuthor).from(user).where(eq(user.id, actor.id))
  return ctx.db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(postComment)
      .values({ postId, authorId: actor.id, body: input.body })
      .returning()
    if (target.authorId !== actor.id) {
      await notify(
        tx,
        target.authorId,
        'comment',
        `${author.name} commented on “${target.title}”`,
        readingPath(target),
      )
    }
    return toComment(actor)({ comment, author })
  })
}

/** The comment, on a post the actor may read; otherwise 404. */
async function findComment(ctx: AppContext, actor: SessionUser, id: string) {
  const [found] = await ctx.db
    .select({ comment: postComment, author: commentAuthor })
    .from(postComment)
    .innerJoin(user, eq(user.id, postComment.authorId))
    .where(eq(postComment.id, id))
  if (!found) throw new AppError('not_found', 'That comment does not exist')
  try {
    await findReadablePost(ctx, actor, found.comment.postId)
  } catch {
    throw new AppError('not_found', 'That comment does not exist')
  }
  return found
}

/** Only its author edits a comment (admins may remove it, not put words in someone's mouth). */
export async function editComment(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: CommentInput,
): Promise<Comment> {
  const found = await findComment(ctx, actor, id)
  authorize(contributionPolicy.edit, actor, found.comment, 'Only its author can edit this comment')
  const [comment] = await ctx.db
    .update(postComment)
    .set({ body: input.body, updatedAt: ctx.clock.now() })
    .where(eq(postComment.id, id))
    .returning()
  return toComment(actor)({ comment, author: found.author })
}

export async function deleteComment(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  const found = await findComment(ctx, actor, id)
  authorize(
    contributionPolicy.delete,
    actor,
    found.comment,
    'Only its author or an administrator can delete this comment',
  )
  await ctx.db.delete(postComment).where(eq(postComment.id, id))
}

/**
 * Who is reading, for counting views: the user's id, or for signed-out readers a hash of IP and
 * user agent (the raw values are never stored).
 */
export const viewerKey = (reader: SessionUser | null, ip: string, userAgent: string) =>
  reader ? `user:${reader.id}` : `anon:${createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex')}`

/** Counts a view once per reader per (UTC) day. */
export async function recordView(
  ctx: AppContext,
  reader: SessionUser | null,
  postId: string,
  key: string,
): Promise<ViewCount> {
  await findReadablePost(ctx, reader, postId)
  await ctx.db
    .insert(postView)
    .values({ postId, viewerKey: key, day: sql`(now() at time zone 'utc')::date` })
    .onConflictDoNothing()
  const { views } = await reactionCounts(ctx, postId, null)
  return { views }
}
