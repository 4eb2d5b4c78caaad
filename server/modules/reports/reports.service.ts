import { type AnyColumn, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  ReportInput,
  ReportItem,
  ReportReceipt,
  ReportsQuery,
  ReportTarget,
  ResolveReportInput,
} from '#common/schemas/reports.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { afterCursor, type Page, toPage } from '#server/db/cursor.ts'
import { post, postComment, report, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { notify } from '#server/modules/notifications/notify.ts'
import { findReadablePost } from '#server/modules/posts/reactions.service.ts'

const postLink = (authorId: string, slug: string) => `/learn/${encodeURIComponent(authorId)}/${slug}`

/** What a report points at: who wrote it, and what the admin and its author are told about it. */
interface Target {
  authorId: string
  /** The post's title (a comment's post's title). */
  title: string
  /** Where a comment was (its post); null for a post, which is gone once removed. */
  postLink: string | null
}

/** The target as the reporter may see it; 404 for anything missing or unreadable. */
async function findReportableTarget(
  ctx: AppContext,
  reporter: SessionUser,
  type: ReportTarget,
  id: string,
): Promise<Target> {
  if (type === 'post') {
    const found = await findReadablePost(ctx, reporter, id)
    return { authorId: found.authorId, title: found.title, postLink: null }
  }
  const [found] = await ctx.db.select().from(postComment).where(eq(postComment.id, id))
  if (!found) throw new AppError('not_found', 'That comment does not exist')
  // A comment is readable exactly when its post is.
  const onPost = await findReadablePost(ctx, reporter, found.postId).catch(() => {
    throw new AppError('not_found', 'That comment does not exist')
  })
  return { authorId: found.authorId, title: onPost.title, postLink: postLink(onPost.authorId, onPost.slug) }
}

export interface ReportResult {
  /** false when this person had already reported the target: the earlier report comes back. */
  created: boolean
  receipt: ReportReceipt
}

/** Flags a post or a comment for the admins. Reporting the same thing twice is reporting it once. */
export async function createReport(
  ctx: AppContext,
  actor: SessionUser,
  input: ReportInput,
): Promise<ReportResult> {
  const target = await findReportableTarget(ctx, actor, input.targetType, input.targetId)
  if (target.authorId === actor.id) {
    throw new AppError('forbidden', `You cannot report your own ${input.targetType}`)
  }
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
 * and its post; a target that is gone leaves those columns null.
 */
function selectReports(db: Db | Tx, where: SQL | undefined, limit: number) {
  return db
    .select({
      report,
      reporter: person(reporter),
      post: { title: post.title, excerpt: post.excerpt, slug: post.slug, authorId: post.authorId },
      comment: { body: postComment.body },
      commentPost: { title: commentPost.title, slug: commentPost.slug, authorId: commentPost.authorId },
      author: person(targetAuthor),
    })
    .from(report)
    .innerJoin(reporter, eq(reporter.id, report.reporterId))
    .leftJoin(post, targetIs('post', post.id))
    .leftJoin(postComment, targetIs('comment', postComment.id))
    .leftJoin(commentPost, eq(commentPost.id, postComment.postId))
    .leftJoin(targetAuthor, sql`${targetAuthor.id} = coalesce(${post.authorId}, ${postComment.authorId})`)
    .where(where)
    .orderBy(desc(report.createdAt), desc(report.id))
    .limit(limit)
}

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number]

function toTarget(row: ReportRow): ReportItem['target'] {
  if (!row.author) return null
  if (row.post) {
    const { title, excerpt, slug, authorId } = row.post
    return { title, text: excerpt, author: row.author, link: postLink(authorId, slug) }
  }
  if (row.comment && row.commentPost) {
    const { title, slug, authorId } = row.commentPost
    return { title, text: row.comment.body, author: row.author, link: postLink(authorId, slug) }
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

/** The reported item as it is now (null when it is already gone), read inside the transaction. */
async function currentTarget(tx: Tx, type: ReportTarget, id: string): Promise<Target | null> {
  if (type === 'post') {
    const [found] = await tx
      .select({ authorId: post.authorId, title: post.title })
      .from(post)
      .where(eq(post.id, id))
    return found ? { ...found, postLink: null } : null
  }
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
  return found
    ? { authorId: found.authorId, title: found.title, postLink: postLink(found.postAuthorId, found.slug) }
    : null
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
    const resolved = { resolvedBy: admin.id, resolvedAt: new Date() }

    if (input.action === 'dismiss') {
      await tx
        .update(report)
        .set({ status: 'dismissed', ...resolved })
        .where(eq(report.id, id))
      return
    }

    const target = await currentTarget(tx, found.targetType, found.targetId)
    if (found.targetType === 'post') {
      // The post's comments go with it (cascade), and so do their open reports.
      await tx
        .update(report)
        .set({ status: 'removed', ...resolved })
        .where(
          and(
            eq(report.targetType, 'comment'),
            eq(report.status, 'open'),
            inArray(
              report.targetId,
              tx
                .select({ id: sql<string>`${postComment.id}::text` })
                .from(postComment)
                .where(eq(postComment.postId, found.targetId)),
            ),
          ),
        )
      await tx.delete(post).where(eq(post.id, found.targetId))
    } else {
      await tx.delete(postComment).where(eq(postComment.id, found.targetId))
    }
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
    if (target && target.authorId !== admin.id) {
      await notify(
        tx,
        target.authorId,
        'item_removed',
        target.postLink
          ? `Your comment on “${target.title}” was removed after a report`
          : `Your post “${target.title}” was removed after a report`,
        target.postLink ?? '/topics',
      )
    }
  })
  const [row] = await selectReports(ctx.db, eq(report.id, id), 1)
  return toItem(row)
}
