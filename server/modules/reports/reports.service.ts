import { type AnyColumn, and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { REPORT_TARGET_NOUNS } from '#common/constants.ts'
import { postPath, threadPath } from '#common/paths.ts'
import type {
  ReportInput,
  ReportItem,
  ReportReceipt,
  ReportsQuery,
  ReportTarget,
  ResolveReportInput,
} from '#common/schemas/reports.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { authorize, reportPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import {
  book,
  bookReview,
  forumReply,
  forumThread,
  post,
  postComment,
  report,
  user,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { reviewsLink } from '#server/modules/books/index.ts'
import { htmlText } from '#server/modules/search/index.ts'
import { findReportableTarget, forumReplyLink, removeTarget } from './report-targets.ts'

export interface ReportResult {
  /** false when this person had already reported the target: the earlier report comes back. */
  created: boolean
  receipt: ReportReceipt
}

/** Flags a post, a comment, a forum thread, a reply or a book review for the admins. Reporting the same thing twice is reporting it once. */
export async function createReport(
  ctx: AppContext,
  actor: SessionUser,
  input: ReportInput,
): Promise<ReportResult> {
  const target = await findReportableTarget(ctx, actor, input.targetType, input.targetId)
  authorize(
    reportPolicy.report,
    actor,
    target,
    `You cannot report your own ${REPORT_TARGET_NOUNS[input.targetType]}`,
  )
  const receipt = { id: report.id, status: report.status }
  const [inserted] = await ctx.db
    .insert(report)
    .values({ reporterId: actor.id, ...input })
    .onConflictDoNothing({ target: [report.reporterId, report.targetType, report.targetId] })
    .returning(receipt)
  if (inserted) return { created: true, receipt: inserted }
  const [existing] = await ctx.db
    .select(receipt)
    .from(report)
    .where(
      and(
        eq(report.reporterId, actor.id),
        eq(report.targetType, input.targetType),
        eq(report.targetId, input.targetId),
      ),
    )
  return { created: false, receipt: existing }
}

const reporter = alias(user, 'reporter')
const targetAuthor = alias(user, 'target_author')
const commentPost = alias(post, 'comment_post')
const replyThread = alias(forumThread, 'reply_thread')
const reviewedBook = alias(book, 'reviewed_book')
/** Enough of a forum post's text to judge it: the card shows four lines. */
const EXCERPT_LENGTH = 300
const excerptOf = (html: AnyColumn) => sql<string>`left(btrim(${htmlText(html)}), ${EXCERPT_LENGTH})`
const person = <I extends AnyColumn, N extends AnyColumn, M extends AnyColumn>(u: {
  id: I
  name: N
  image: M
}) => ({
  id: u.id,
  name: u.name,
  image: u.image,
})

// target_id is text (one column for every kind of target); the cast only runs for rows of that
// kind, whose ids are uuids, and lets the join use the target's primary key.
const targetIs = (type: ReportTarget, id: AnyColumn) =>
  sql`${id} = case when ${report.targetType} = ${type} then ${report.targetId}::uuid end`

/**
 * Reports with their reporter and their target's title, text, author and link, in one query
 * whatever their number: a report on a post joins the post, one on a comment joins the comment
 * and its post, one on a thread the thread, one on a reply the reply and its thread; a target that
 * is gone (or a reply deleted in place) leaves those columns null; one on a book review joins the
 * review and its book.
 */
function selectReports(db: Db | Tx, where: SQL | undefined, limit: number) {
  return db
    .select({
      report,
      reporter: person(reporter),
      post: { title: post.title, excerpt: post.excerpt, slug: post.slug, authorId: post.authorId },
      comment: { body: postComment.body },
      commentPost: { title: commentPost.title, slug: commentPost.slug, authorId: commentPost.authorId },
      thread: {
        title: forumThread.title,
        text: excerptOf(forumThread.bodyHtml),
        slug: forumThread.subjectSlug,
      },
      reply: {
        text: excerptOf(forumReply.bodyHtml),
        position: forumReply.position,
        threadId: forumReply.threadId,
      },
      replyThread: { title: replyThread.title, slug: replyThread.subjectSlug },
      review: { stars: bookReview.stars, text: bookReview.text, bookId: bookReview.bookId },
      reviewedBook: { title: reviewedBook.title },
      author: person(targetAuthor),
    })
    .from(report)
    .innerJoin(reporter, eq(reporter.id, report.reporterId))
    .leftJoin(post, targetIs('post', post.id))
    .leftJoin(postComment, targetIs('comment', postComment.id))
    .leftJoin(commentPost, eq(commentPost.id, postComment.postId))
    .leftJoin(forumThread, targetIs('thread', forumThread.id))
    .leftJoin(forumReply, and(targetIs('reply', forumReply.id), isNull(forumReply.deletedAt)))
    .leftJoin(replyThread, eq(replyThread.id, forumReply.threadId))
    .leftJoin(bookReview, targetIs('book_review', bookReview.id))
    .leftJoin(reviewedBook, eq(reviewedBook.id, bookReview.bookId))
    .leftJoin(
      targetAuthor,
      sql`${targetAuthor.id} = coalesce(${post.authorId}, ${postComment.authorId}, ${forumThread.authorId}, ${forumReply.authorId}, ${bookReview.reviewerId})`,
    )
    .where(where)
    .orderBy(desc(report.createdAt), desc(report.id))
    .limit(limit)
}

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number]

function toTarget(row: ReportRow): ReportItem['target'] {
  if (!row.author) return null
  if (row.post) {
    const { title, excerpt, slug, authorId } = row.post
    return { title, text: excerpt, author: row.author, link: postPath(authorId, slug) }
  }
  if (row.comment && row.commentPost) {
    const { title, slug, authorId } = row.commentPost
    return { title, text: row.comment.body, author: row.author, link: postPath(authorId, slug) }
  }
  if (row.thread) {
    const { title, text, slug } = row.thread
    return { title, text, author: row.author, link: threadPath(slug, row.report.targetId) }
  }
  if (row.reply && row.replyThread) {
    const { text, position, threadId } = row.reply
    const link = forumReplyLink(row.replyThread.slug, threadId, position, row.report.targetId)
    return { title: row.replyThread.title, text, author: row.author, link }
  }
  if (row.review && row.reviewedBook) {
    const { stars, text, bookId } = row.review
    const rated = `${stars} out of 5 stars`
    return {
      title: row.reviewedBook.title,
      text: text ? `${rated}. ${text}` : `${rated}, no review text.`,
      author: row.author,
      link: reviewsLink(bookId),
    }
  }
  return null
}

function toItem(row: ReportRow): ReportItem {
  const r = row.report
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    details: r.details,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    reporter: row.reporter,
    target: toTarget(row),
  }
}

/** The admins' queue for one status, newest first. */
export async function listReports(ctx: AppContext, query: ReportsQuery): Promise<Page<ReportItem>> {
  const rows = await selectReports(
    ctx.db,
    and(eq(report.status, query.status), afterCursor(query.cursor, report.createdAt, report.id)),
    query.limit + 1,
  )
  return toPage(
    rows.map((row) => ({ ...row, id: row.report.id, createdAt: row.report.createdAt })),
    query.limit,
    toItem,
  )
}

/**
 * Closes an open report. `remove` deletes the reported item, closes every open report on it and
 * tells its author (unless the acting admin wrote it); `dismiss` closes this report only.
 */
export async function resolveReport(
  ctx: AppContext,
  admin: SessionUser,
  id: string,
  input: ResolveReportInput,
): Promise<ReportItem> {
  await ctx.db.transaction(async (tx) => {
    // Locked: two admins resolving the same report at once cannot both act on it.
    const [found] = await tx.select().from(report).where(eq(report.id, id)).for('update')
    if (!found) throw new AppError('not_found', 'That report does not exist')
    if (found.status !== 'open') throw new AppError('conflict', `This report was already ${found.status}`)
    const resolved = { resolvedBy: admin.id, resolvedAt: ctx.clock.now() }

    if (input.action === 'dismiss') {
      await tx
        .update(report)
        .set({ status: 'dismissed', ...resolved })
        .where(eq(report.id, id))
      return
    }

    const removed = await removeTarget(tx, found.targetType, found.targetId, resolved)
    await tx
      .update(report)
      .set({ status: 'removed', ...resolved })
      .where(
        and(
          eq(report.targetType, found.targetType),
          eq(report.targetId, found.targetId),
          eq(report.status, 'open'),
        ),
      )
    if (removed && removed.authorId !== admin.id) {
      await notify(tx, removed.authorId, 'item_removed', removed.message, removed.link)
    }
  })
  const [row] = await selectReports(ctx.db, eq(report.id, id), 1)
  return toItem(row)
}
