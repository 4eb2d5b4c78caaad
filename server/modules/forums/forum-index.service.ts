import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { ForumSummary, ThreadPage, ThreadsQuery } from '#common/schemas/forums.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { forumStats, forumThread, subject, user } from '#server/db/schema/index.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { forumNotFound, selectThreads, toThreadSummary } from './forum-shapes.ts'

// The forums (one per subject) and each forum's threads.

/**
 * Forums with their counts (forum_stats, kept by triggers) and their latest activity: one LATERAL
 * look per subject down forum_thread_subject_activity_idx, whatever the number of threads.
 */
async function forumSummaries(ctx: AppContext, where?: SQL): Promise<ForumSummary[]> {
  const latest = ctx.db
    .select({
      id: forumThread.id,
      title: forumThread.title,
      at: forumThread.lastActivityAt,
      byId: sql<string>`coalesce(${forumThread.lastReplyAuthorId}, ${forumThread.authorId})`.as('by_id'),
    })
    .from(forumThread)
    .where(eq(forumThread.subjectSlug, subject.slug))
    .orderBy(desc(forumThread.lastActivityAt), desc(forumThread.id))
    .limit(1)
    .as('latest')
  const rows = await ctx.db
    .select({
      subject: {
        slug: subject.slug,
        name: subject.name,
        kind: subject.kind,
        description: subject.description,
      },
      threadCount: sql<number>`coalesce(${forumStats.threadCount}, 0)`.mapWith(Number),
      replyCount: sql<number>`coalesce(${forumStats.replyCount}, 0)`.mapWith(Number),
      latest: { id: latest.id, title: latest.title, at: latest.at },
      by: { id: user.id, name: user.name, image: user.image },
    })
    .from(subject)
    .leftJoin(forumStats, eq(forumStats.subjectSlug, subject.slug))
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(user, eq(user.id, latest.byId))
    .where(where)
    // The order of GET /api/subjects: academic first, each kind by name.
    .orderBy(asc(subject.kind), asc(subject.name))
  return rows.map((r) => ({
    subject: r.subject,
    threadCount: r.threadCount,
    replyCount: r.replyCount,
    lastActivity:
      r.latest && r.by
        ? { at: r.latest.at.toISOString(), by: r.by, threadId: r.latest.id, threadTitle: r.latest.title }
        : null,
  }))
}

/** Every subject's forum. */
export async function listForums(ctx: AppContext): Promise<ForumSummary[]> {
  return forumSummaries(ctx)
}

export async function getForum(ctx: AppContext, slug: string): Promise<ForumSummary> {
  const [found] = await forumSummaries(ctx, eq(subject.slug, slug))
  if (!found) throw forumNotFound()
  return found
}

/**
 * A forum's threads: the first page starts with every pinned thread (newest pinned first, a
 * handful at most), then the others by latest activity; later pages carry on through the others
 * (keyset on last_activity_at, id).
 */
export async function listThreads(
  ctx: AppContext,
  viewer: SessionUser | null,
  slug: string,
  query: ThreadsQuery,
): Promise<ThreadPage> {
  if (!(await subjectExists(ctx, slug))) throw forumNotFound()
  const inForum = eq(forumThread.subjectSlug, slug)
  const [pinned, rows] = await Promise.all([
    query.cursor
      ? []
      : selectThreads(ctx.db, viewer)
          .where(and(inForum, isNotNull(forumThread.pinnedAt)))
          .orderBy(desc(forumThread.pinnedAt), desc(forumThread.id)),
    selectThreads(ctx.db, viewer)
      .where(
        and(
          inForum,
          isNull(forumThread.pinnedAt),
          afterCursor(query.cursor, forumThread.lastActivityAt, forumThread.id),
        ),
      )
      .orderBy(desc(forumThread.lastActivityAt), desc(forumThread.id))
      .limit(query.limit + 1),
  ])
  const toSummary = toThreadSummary(viewer)
  const page = toPage(
    rows.map((r) => ({ ...r, id: r.thread.id })),
    query.limit,
    toSummary,
    (r) => r.thread.lastActivityAt,
  )
  return { items: [...pinned.map(toSummary), ...page.items], nextCursor: page.nextCursor }
}
