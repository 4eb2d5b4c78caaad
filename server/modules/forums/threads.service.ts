import { and, eq, ne, sql } from 'drizzle-orm'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { threadPath } from '#common/paths.ts'
import {
  pageOfPosition,
  type Thread,
  type ThreadInput,
  type WatchInput,
  type WatchState,
} from '#common/schemas/forums.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import {
  authorize,
  capabilities,
  contributionPolicy,
  isAdmin,
  threadPolicy,
} from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { forumReply, forumThread, forumThreadReader } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { forumThreadTopic, signalTopic } from '#server/realtime/topics.ts'
import {
  cleanBody,
  findStandingReply,
  forumNotFound,
  loadReplyRefs,
  pageCountOf,
  selectThreads,
  type ThreadRow,
  threadColumns,
  threadNotFound,
  toThreadSummary,
} from './forum-shapes.ts'
import { removeThread } from './removal.ts'

// A thread: opening, reading, editing, deleting, watching it and accepting an answer.

/** The thread's row; 404 when there is none. `forUpdate` locks it for the rest of the transaction. */
export async function findThreadRow(db: Db | Tx, id: string, forUpdate = false): Promise<ThreadRow> {
  const query = db.select(threadColumns).from(forumThread).where(eq(forumThread.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw threadNotFound()
  return row
}

/** Someone other than its author has a reply standing in the thread. */
async function othersHaveReplied(db: Db | Tx, thread: ThreadRow): Promise<boolean> {
  const [found] = await db
    .select({ id: forumReply.id })
    .from(forumReply)
    .where(
      and(
        eq(forumReply.threadId, thread.id),
        ne(forumReply.authorId, thread.authorId),
        sql`${forumReply.deletedAt} is null`,
      ),
    )
    .limit(1)
  return !!found
}

/** The thread as `viewer` sees it, with what they may do. */
export async function loadThread(db: Db | Tx, viewer: SessionUser | null, id: string): Promise<Thread> {
  const [row] = await selectThreads(db, viewer).where(eq(forumThread.id, id))
  if (!row) throw threadNotFound()
  const { thread } = row
  const own = viewer?.id === thread.authorId
  const [refs, othersReplied] = await Promise.all([
    loadReplyRefs(db, [thread.acceptedReplyId]),
    own ? othersHaveReplied(db, thread) : false,
  ])
  return {
    ...toThreadSummary(viewer)(row),
    subject: { slug: thread.subjectSlug, name: row.subjectName },
    bodyHtml: thread.bodyHtml,
    editedAt: thread.editedAt?.toISOString() ?? null,
    acceptedReply: (thread.acceptedReplyId && refs.get(thread.acceptedReplyId)) || null,
    watching: row.reader?.watching === true,
    pageCount: pageCountOf(thread.replySeq),
    ...capabilities(threadPolicy, viewer, { authorId: thread.authorId, othersReplied }, [
      'edit',
      'delete',
      'accept',
      'moderate',
    ]),
    canReply: !!viewer && thread.lockedAt === null,
  }
}

/** Opens a thread: a signed-in reader has now read it up to its latest reply. */
export async function openThread(ctx: AppContext, viewer: SessionUser | null, id: string): Promise<Thread> {
  if (viewer) {
    // Inserts nothing for a thread that does not exist; loadThread then answers 404.
    await ctx.db.execute(sql`
      insert into ${forumThreadReader} (thread_id, user_id, last_seen_seq)
      select ${forumThread.id}, ${viewer.id}, ${forumThread.replySeq} from ${forumThread} where ${forumThread.id} = ${id}
      on conflict (thread_id, user_id) do update set last_seen_seq = excluded.last_seen_seq`)
  }
  return loadThread(ctx.db, viewer, id)
}

/** Opens a thread in a subject's forum; its author watches it and has read it. */
export async function createThread(
  ctx: AppContext,
  actor: SessionUser,
  subjectSlug: string,
  input: ThreadInput,
): Promise<Thread> {
  if (!(await subjectExists(ctx, subjectSlug))) throw forumNotFound()
  const bodyHtml = await cleanBody(input.bodyHtml, 'thread')
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(forumThread)
      .values({ subjectSlug, authorId: actor.id, title: input.title, bodyHtml })
      .returning({ id: forumThread.id })
    await tx
      .insert(forumThreadReader)
      .values({ threadId: created.id, userId: actor.id, lastSeenSeq: 0, watching: true })
    return loadThread(tx, actor, created.id)
  })
}

/** Only its author edits a thread (admins may move, lock or remove it, not rewrite it). */
export async function editThread(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: ThreadInput,
): Promise<Thread> {
  const thread = await findThreadRow(ctx.db, id)
  authorize(threadPolicy.edit, actor, thread, 'Only its author can edit this thread')
  const bodyHtml = await cleanBody(input.bodyHtml, 'thread')
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(forumThread)
      .set({ title: input.title, bodyHtml, editedAt: sql`now()` })
      .where(eq(forumThread.id, id))
    await signalTopic(tx, forumThreadTopic(id))
    return loadThread(tx, actor, id)
  })
}

/**
 * Admins delete any thread. Its author may while nobody else has replied: once others have, the
 * thread is theirs too, and an admin decides.
 */
export async function deleteThread(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locked: a reply bumps this row first, so none can slip in between the check and the delete.
    const thread = await findThreadRow(tx, id, true)
    authorize(
      contributionPolicy.delete,
      actor,
      thread,
      'Only its author or an administrator can delete this thread',
    )
    if (!isAdmin(actor)) {
      if (!threadPolicy.delete(actor, { ...thread, othersReplied: await othersHaveReplied(tx, thread) })) {
        throw new AppError(
          'conflict',
          'Others have replied to this thread: ask an administrator to remove it',
        )
      }
    }
    await removeThread(tx, id)
  })
}

/** Watching means a notification for each reply; the choice is kept until changed. */
export async function setWatching(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: WatchInput,
): Promise<WatchState> {
  await findThreadRow(ctx.db, id)
  await ctx.db
    .insert(forumThreadReader)
    .values({ threadId: id, userId: actor.id, watching: input.watching })
    .onConflictDoUpdate({
      target: [forumThreadReader.threadId, forumThreadReader.userId],
      set: { watching: input.watching },
    })
  return { watching: input.watching }
}

/**
 * The thread's author marks one of its replies as the accepted answer (or none, with null); the
 * reply's author hears about it, unless it is their own.
 */
export async function acceptReply(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  replyId: string | null,
): Promise<Thread> {
  const thread = await findThreadRow(ctx.db, id)
  authorize(threadPolicy.accept, actor, thread, 'Only the thread’s author can accept a reply')
  const reply = replyId ? await findStandingReply(ctx.db, id, replyId) : undefined
  if (replyId && !reply) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      replyId: 'Choose a reply from this thread',
    })
  }
  return ctx.db.transaction(async (tx) => {
    await tx.update(forumThread).set({ acceptedReplyId: replyId }).where(eq(forumThread.id, id))
    await signalTopic(tx, forumThreadTopic(id))
    const shown = await loadThread(tx, actor, id)
    if (reply && reply.authorId !== actor.id && thread.acceptedReplyId !== reply.id) {
      await notify(
        tx,
        reply.authorId,
        'forum_reply',
        `${actor.name} accepted your reply in “${thread.title}”`,
        threadPath(thread.subjectSlug, id, pageOfPosition(reply.position, FORUM_REPLIES_PAGE_SIZE), reply.id),
      )
    }
    return shown
  })
}
