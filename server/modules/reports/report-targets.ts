import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { forumPath, postPath, threadPath } from '#common/paths.ts'
import { pageOfPosition } from '#common/schemas/forums.ts'
import type { ReportTarget } from '#common/schemas/reports.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import {
  book,
  bookReview,
  forumReply,
  forumThread,
  post,
  postComment,
  report,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { reviewsLink } from '#server/modules/books/index.ts'
import { removeReply, removeThread } from '#server/modules/forums/index.ts'
import { findReadablePost } from '#server/modules/posts/index.ts'

// What a report can point at (posts, comments, forum threads and replies, readers' book reviews): finding it for the
// reporter, and removing it for an admin along with what goes with it.

/** Where a reply is read: its thread's page, scrolled to it. */
export const forumReplyLink = (subjectSlug: string, threadId: string, position: number, replyId: string) =>
  threadPath(subjectSlug, threadId, pageOfPosition(position, FORUM_REPLIES_PAGE_SIZE), replyId)

/** The author of a target the reporter may see; 404 for anything missing, unreadable or deleted. */
export async function findReportableTarget(
  ctx: AppContext,
  reporter: SessionUser,
  type: ReportTarget,
  id: string,
): Promise<{ authorId: string }> {
  if (type === 'post') return findReadablePost(ctx, reporter, id)
  if (type === 'comment') {
    const [found] = await ctx.db.select().from(postComment).where(eq(postComment.id, id))
    if (!found) throw new AppError('not_found', 'That comment does not exist')
    // A comment is readable exactly when its post is.
    await findReadablePost(ctx, reporter, found.postId).catch(() => {
      throw new AppError('not_found', 'That comment does not exist')
    })
    return found
  }
  // Every forum is public: a thread or a reply is readable while it exists.
  if (type === 'thread') {
    const [found] = await ctx.db
      .select({ authorId: forumThread.authorId })
      .from(forumThread)
      .where(eq(forumThread.id, id))
    if (!found) throw new AppError('not_found', 'That thread does not exist')
    return found
  }
  // A review is readable while its book is in the store.
  if (type === 'book_review') {
    const [found] = await ctx.db
      .select({ authorId: bookReview.reviewerId })
      .from(bookReview)
      .innerJoin(book, eq(book.id, bookReview.bookId))
      .where(and(eq(bookReview.id, id), eq(book.status, 'published')))
    if (!found) throw new AppError('not_found', 'That review does not exist')
    return found
  }
  const [found] = await ctx.db
    .select({ authorId: forumReply.authorId })
    .from(forumReply)
    .where(and(eq(forumReply.id, id), isNull(forumReply.deletedAt)))
  if (!found) throw new AppError('not_found', 'That reply does not exist')
  return found
}

/** Who wrote a removed item, what they are told and where it links. */
export interface Removal {
  authorId: string
  message: string
  link: string
}

/** Closes the open reports on these targets (the ones that go with a removed item). */
async function closeReportsOn(tx: Tx, type: ReportTarget, ids: SQL, resolved: Resolution) {
  await tx
    .update(report)
    .set({ status: 'removed', ...resolved })
    .where(and(eq(report.targetType, type), eq(report.status, 'open'), inArray(report.targetId, ids)))
}

export interface Resolution {
  resolvedBy: string
  resolvedAt: Date
}

/**
 * Removes the reported item as it is now, and closes the open reports on what goes with it (a
 * post's comments, a thread's replies); null when it is already gone. The reports on the item
 * itself are closed by the caller.
 */
export async function removeTarget(
  tx: Tx,
  type: ReportTarget,
  id: string,
  resolved: Resolution,
): Promise<Removal | null> {
  switch (type) {
    case 'post': {
      const [found] = await tx
        .select({ authorId: post.authorId, title: post.title })
        .from(post)
        .where(eq(post.id, id))
      if (!found) return null
      // The post's comments go with it (cascade), and so do their open reports.
      await closeReportsOn(
        tx,
        'comment',
        sql`(select ${postComment.id}::text from ${postComment} where ${postComment.postId} = ${id})`,
        resolved,
      )
      await tx.delete(post).where(eq(post.id, id))
      return {
        authorId: found.authorId,
        message: `Your post “${found.title}” was removed after a report`,
        link: '/topics',
      }
    }
    case 'comment': {
      const [found] = await tx
        .select({
          authorId: postComment.authorId,
          title: post.title,
          postAuthorId: post.authorId,
          slug: post.slug,
        })
        .from(postComment)
        .innerJoin(post, eq(post.id, postComment.postId))
        .where(eq(postComment.id, id))
      if (!found) return null
      await tx.delete(postComment).where(eq(postComment.id, id))
      return {
        authorId: found.authorId,
        message: `Your comment on “${found.title}” was removed after a report`,
        link: postPath(found.postAuthorId, found.slug),
      }
    }
    case 'thread': {
      const [found] = await tx
        .select({ authorId: forumThread.authorId, title: forumThread.title, slug: forumThread.subjectSlug })
        .from(forumThread)
        .where(eq(forumThread.id, id))
      if (!found) return null
      // The thread's replies go with it (cascade), and so do their open reports.
      await closeReportsOn(
        tx,
        'reply',
        sql`(select ${forumReply.id}::text from ${forumReply} where ${forumReply.threadId} = ${id})`,
        resolved,
      )
      await removeThread(tx, id)
      return {
        authorId: found.authorId,
        message: `Your thread “${found.title}” was removed after a report`,
        link: forumPath(found.slug),
      }
    }
    case 'reply': {
      const [found] = await tx
        .select({
          authorId: forumReply.authorId,
          title: forumThread.title,
          slug: forumThread.subjectSlug,
          threadId: forumThread.id,
        })
        .from(forumReply)
        .innerJoin(forumThread, eq(forumThread.id, forumReply.threadId))
        .where(and(eq(forumReply.id, id), isNull(forumReply.deletedAt)))
      if (!found) return null
      await removeReply(tx, id)
      return {
        authorId: found.authorId,
        message: `Your reply in “${found.title}” was removed after a report`,
        link: threadPath(found.slug, found.threadId, 1),
      }
    }
    case 'book_review': {
      // The book's rating follows by trigger (migration 0018).
      const [found] = await tx
        .delete(bookReview)
        .where(eq(bookReview.id, id))
        .returning({ authorId: bookReview.reviewerId, bookId: bookReview.bookId })
      if (!found) return null
      const [reviewed] = await tx.select({ title: book.title }).from(book).where(eq(book.id, found.bookId))
      return {
        authorId: found.authorId,
        message: `Your review of “${reviewed.title}” was removed after a report`,
        link: reviewsLink(found.bookId),
      }
    }
  }
}
