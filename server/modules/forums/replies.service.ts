import { and, asc, between, eq, sql } from 'drizzle-orm'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { threadPath } from '#common/paths.ts'
import {
  pageOfPosition,
  type Reply,
  type ReplyEditInput,
  type ReplyInput,
  type ReplyPage,
} from '#common/schemas/forums.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify, notifyUsers } from '#server/core/notify.ts'
import { authorize, contributionPolicy } from '#server/core/policies/index.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { forumReply, forumThread, forumThreadReader } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { forumThreadTopic, signalTopic } from '#server/realtime/topics.ts'
import {
  cleanBody,
  findStandingReply,
  pageCountOf,
  replyNotFound,
  selectReplies,
  threadNotFound,
  toReplies,
} from './forum-shapes.ts'
import { removeReply } from './removal.ts'
import { findThreadRow } from './threads.service.ts'

// Replies: a thread's pages, replying (with a quote), editing and deleting.

const locked = () => new AppError('conflict', 'This thread is locked: it takes no new replies')

/**
 * Page N of a thread's replies: positions (N-1)·size+1 … N·size, read through the unique
 * (thread_id, position) index, so the last page of a long thread costs what the first does.
 */
export async function listReplies(
  ctx: AppContext,
  viewer: SessionUser | null,
  threadId: string,
  page: number,
): Promise<ReplyPage> {
  const thread = await findThreadRow(ctx.db, threadId)
  const first = (page - 1) * FORUM_REPLIES_PAGE_SIZE + 1
  const rows = await selectReplies(ctx.db)
    .where(
      and(
        eq(forumReply.threadId, threadId),
        between(forumReply.position, first, first + FORUM_REPLIES_PAGE_SIZE - 1),
      ),
    )
    .orderBy(asc(forumReply.position))
  return {
    items: await toReplies(ctx.db, viewer, thread.acceptedReplyId, rows),
    page,
    pageCount: pageCountOf(thread.replySeq),
  }
}

/** One reply as `viewer` sees it. */
async function loadReply(db: Db | Tx, viewer: SessionUser | null, id: string): Promise<Reply> {
  const [row] = await selectReplies(db).where(eq(forumReply.id, id))
  if (!row) throw replyNotFound()
  const [thread] = await db
    .select({ acceptedReplyId: forumThread.acceptedReplyId })
    .from(forumThread)
    .where(eq(forumThread.id, row.reply.threadId))
  const [reply] = await toReplies(db, viewer, thread.acceptedReplyId, [row])
  return reply
}

/** A reply standing (not deleted) in the thread, to quote. */
async function findQuotable(ctx: AppContext, threadId: string, replyId: string) {
  const quoted = await findStandingReply(ctx.db, threadId, replyId)
  if (!quoted) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      quotedReplyId: 'Quote a reply from this thread',
    })
  }
  return quoted
}

/**
 * Adds a reply at the thread's next position. Bumping reply_seq locks the thread's row, which
 * orders concurrent replies (each gets its own position) and makes a lock taken meanwhile count.
 * The replier now watches the thread unless they chose not to, and has read it up to their reply.
 * Tells the quoted person and every watcher, never the replier, and each person once.
 */
export async function addReply(
  ctx: AppContext,
  actor: SessionUser,
  threadId: string,
  input: ReplyInput,
): Promise<Reply> {
  const thread = await findThreadRow(ctx.db, threadId)
  if (thread.lockedAt) throw locked()
  const bodyHtml = await cleanBody(input.bodyHtml, 'reply')
  const quoted = input.quotedReplyId ? await findQuotable(ctx, threadId, input.quotedReplyId) : null
  return ctx.db.transaction(async (tx) => {
    const [bumped] = await tx
      .update(forumThread)
      .set({
        replySeq: sql`${forumThread.replySeq} + 1`,
        lastActivityAt: sql`now()`,
        lastReplyAuthorId: actor.id,
      })
      .where(and(eq(forumThread.id, threadId), sql`${forumThread.lockedAt} is null`))
      .returning({
        position: forumThread.replySeq,
        title: forumThread.title,
        subjectSlug: forumThread.subjectSlug,
      })
    if (!bumped) {
      // Locked or deleted since it was read.
      const [still] = await tx
        .select({ id: forumThread.id })
        .from(forumThread)
        .where(eq(forumThread.id, threadId))
      throw still ? locked() : threadNotFound()
    }
    const [created] = await tx
      .insert(forumReply)
      .values({
        threadId,
        authorId: actor.id,
        position: bumped.position,
        bodyHtml,
        quotedReplyId: quoted?.id,
      })
      .returning({ id: forumReply.id })
    await tx
      .insert(forumThreadReader)
      .values({ threadId, userId: actor.id, lastSeenSeq: bumped.position, watching: true })
      .onConflictDoUpdate({
        target: [forumThreadReader.threadId, forumThreadReader.userId],
        set: {
          lastSeenSeq: bumped.position,
          watching: sql`coalesce(${forumThreadReader.watching}, true)`,
        },
      })
    const reply = await loadReply(tx, actor, created.id)
    const link = threadPath(
      bumped.subjectSlug,
      threadId,
      pageOfPosition(bumped.position, FORUM_REPLIES_PAGE_SIZE),
      created.id,
    )
    const quotedAuthorId = quoted && quoted.authorId !== actor.id ? quoted.authorId : null
    if (quotedAuthorId) {
      await notify(tx, quotedAuthorId, 'forum_reply', `${actor.name} quoted you in “${bumped.title}”`, link)
    }
    await notifyUsers(
      tx,
      sql`u.id in (
        select ${forumThreadReader.userId} from ${forumThreadReader}
        where ${forumThreadReader.threadId} = ${threadId} and ${forumThreadReader.watching}
          and ${forumThreadReader.userId} <> ${actor.id}
          and ${forumThreadReader.userId} <> ${quotedAuthorId ?? ''}
      )`,
      'forum_reply',
      `${actor.name} replied in “${bumped.title}”`,
      link,
    )
    await signalTopic(tx, forumThreadTopic(threadId))
    return reply
  })
}

/** The reply's row; 404 when there is none. */
async function findReplyRow(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({
      id: forumReply.id,
      authorId: forumReply.authorId,
      threadId: forumReply.threadId,
      deletedAt: forumReply.deletedAt,
    })
    .from(forumReply)
    .where(eq(forumReply.id, id))
  if (!row) throw replyNotFound()
  return row
}

/** Only its author edits a reply (admins may remove it, not put words in someone's mouth). */
export async function editReply(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: ReplyEditInput,
): Promise<Reply> {
  const found = await findReplyRow(ctx, id)
  authorize(
    contributionPolicy.edit,
    actor,
    { authorId: found.authorId },
    'Only its author can edit this reply',
  )
  if (found.deletedAt) throw new AppError('conflict', 'This reply was deleted: it can no longer be edited')
  const bodyHtml = await cleanBody(input.bodyHtml, 'reply')
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(forumReply)
      .set({ bodyHtml, editedAt: sql`now()` })
      .where(and(eq(forumReply.id, id), sql`${forumReply.deletedAt} is null`))
    await signalTopic(tx, forumThreadTopic(found.threadId))
    return loadReply(tx, actor, id)
  })
}

/** Its author or an admin deletes a reply; it keeps its place in the thread ("deleted"). */
export async function deleteReply(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  const found = await findReplyRow(ctx, id)
  authorize(
    contributionPolicy.delete,
    actor,
    { authorId: found.authorId },
    'Only its author or an administrator can delete this reply',
  )
  await ctx.db.transaction((tx) => removeReply(tx, id))
}
