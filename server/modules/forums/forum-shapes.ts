import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { FORUM_BODY_MAX_LENGTH, FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { excerptOf, hasContent } from '#common/rich-text.ts'
import {
  pageOfPosition,
  type ReadState,
  type Reply,
  type ReplyRef,
  type ThreadSummary,
} from '#common/schemas/forums.ts'
import type { SessionUser } from '#server/context.ts'
import { capabilities, contributionPolicy } from '#server/core/policies/index.ts'
import { storedRichText } from '#server/core/rich-text/rich-text.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { forumReply, forumThread, forumThreadReader, subject, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

// The rows behind the forum's shapes (Thread, ThreadSummary, Reply, ReplyRef) and the mapping to
// them, shared by the forum index, threads and replies services.

const EXCERPT_LENGTH = 200

export const forumNotFound = () => new AppError('not_found', 'That forum does not exist')
export const threadNotFound = () => new AppError('not_found', 'That thread does not exist')
export const replyNotFound = () => new AppError('not_found', 'That reply does not exist')

type PostAuthor = Reply['author']

const threadAuthor = alias(user, 'thread_author')
const lastReplier = alias(user, 'last_replier')

// Everything but the search vector, which no response needs.
const { searchVector: _threadVector, ...threadColumns } = getTableColumns(forumThread)
const { searchVector: _replyVector, ...replyColumns } = getTableColumns(forumReply)

export { threadColumns }
export type ThreadRow = Omit<typeof forumThread.$inferSelect, 'searchVector'>
export type ReplyRow = Omit<typeof forumReply.$inferSelect, 'searchVector'>

/**
 * Threads with their author, latest replier and the viewer's reader row (none when signed out),
 * ready for a `where` and an order.
 */
export function selectThreads(db: Db | Tx, viewer: SessionUser | null) {
  return db
    .select({
      thread: threadColumns,
      subjectName: subject.name,
      author: { id: threadAuthor.id, name: threadAuthor.name, image: threadAuthor.image },
      lastReplyBy: { id: lastReplier.id, name: lastReplier.name, image: lastReplier.image },
      reader: { lastSeenSeq: forumThreadReader.lastSeenSeq, watching: forumThreadReader.watching },
    })
    .from(forumThread)
    .innerJoin(subject, eq(subject.slug, forumThread.subjectSlug))
    .innerJoin(threadAuthor, eq(threadAuthor.id, forumThread.authorId))
    .leftJoin(lastReplier, eq(lastReplier.id, forumThread.lastReplyAuthorId))
    .leftJoin(
      forumThreadReader,
      and(
        eq(forumThreadReader.threadId, forumThread.id),
        viewer ? eq(forumThreadReader.userId, viewer.id) : sql`false`,
      ),
    )
}

export interface ThreadListRow {
  thread: ThreadRow
  subjectName: string
  author: PostAuthor
  lastReplyBy: PostAuthor | null
  reader: { lastSeenSeq: number; watching: boolean | null } | null
}

/** Where the viewer is with the thread: see READ_STATES. */
function readStateOf(
  viewer: SessionUser | null,
  row: ThreadListRow,
): Pick<ThreadSummary, 'readState' | 'newReplies'> {
  if (!viewer) return { readState: null, newReplies: 0 }
  if (!row.reader) return { readState: 'unseen', newReplies: 0 }
  const newReplies = Math.max(0, row.thread.replySeq - row.reader.lastSeenSeq)
  const readState: ReadState = newReplies > 0 ? 'unread' : 'read'
  return { readState, newReplies }
}

export const toThreadSummary =
  (viewer: SessionUser | null) =>
  (row: ThreadListRow): ThreadSummary => ({
    id: row.thread.id,
    subjectSlug: row.thread.subjectSlug,
    title: row.thread.title,
    author: row.author,
    createdAt: row.thread.createdAt.toISOString(),
    lastActivityAt: row.thread.lastActivityAt.toISOString(),
    lastReplyBy: row.lastReplyBy,
    replyCount: row.thread.replyCount,
    pinned: row.thread.pinnedAt !== null,
    locked: row.thread.lockedAt !== null,
    answered: row.thread.acceptedReplyId !== null,
    ...readStateOf(viewer, row),
  })

/** A reply of the thread that is not deleted (to quote or to accept); undefined otherwise. */
export async function findStandingReply(db: Db | Tx, threadId: string, replyId: string) {
  const [found] = await db
    .select({ id: forumReply.id, authorId: forumReply.authorId, position: forumReply.position })
    .from(forumReply)
    .where(
      and(
        eq(forumReply.id, replyId),
        eq(forumReply.threadId, threadId),
        sql`${forumReply.deletedAt} is null`,
      ),
    )
  return found
}

export const pageCountOf = (replySeq: number) => pageOfPosition(replySeq, FORUM_REPLIES_PAGE_SIZE)

/** A body as it is stored: sanitized (posts' rules and limits), and still saying something (text or an image). */
export async function cleanBody(html: string, noun: 'thread' | 'reply'): Promise<string> {
  const clean = await storedRichText(html, { maxLength: FORUM_BODY_MAX_LENGTH, noun })
  if (!hasContent(clean)) {
    throw new AppError('bad_request', 'Some fields need your attention', { bodyHtml: 'Write something' })
  }
  return clean
}

const refAuthor = alias(user, 'ref_author')

/** Pointers to the given replies (quoted or accepted ones), by id. */
export async function loadReplyRefs(
  db: Db | Tx,
  replyIds: Array<string | null>,
): Promise<Map<string, ReplyRef>> {
  const ids = [...new Set(replyIds.filter((id): id is string => id !== null))]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: forumReply.id,
      position: forumReply.position,
      bodyHtml: forumReply.bodyHtml,
      deletedAt: forumReply.deletedAt,
      author: { id: refAuthor.id, name: refAuthor.name, image: refAuthor.image },
    })
    .from(forumReply)
    .innerJoin(refAuthor, eq(refAuthor.id, forumReply.authorId))
    .where(inArray(forumReply.id, ids))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        replyId: r.id,
        position: r.position,
        page: pageOfPosition(r.position, FORUM_REPLIES_PAGE_SIZE),
        author: r.author,
        excerpt: r.deletedAt ? null : excerptOf(r.bodyHtml, EXCERPT_LENGTH),
      },
    ]),
  )
}

const replyAuthor = alias(user, 'reply_author')

/** Replies with their author, ready for a `where` and an order. */
export function selectReplies(db: Db | Tx) {
  return db
    .select({
      reply: replyColumns,
      author: { id: replyAuthor.id, name: replyAuthor.name, image: replyAuthor.image },
    })
    .from(forumReply)
    .innerJoin(replyAuthor, eq(replyAuthor.id, forumReply.authorId))
}

/** Shapes replies for the viewer, with the replies they quote. */
export async function toReplies(
  db: Db | Tx,
  viewer: SessionUser | null,
  acceptedReplyId: string | null,
  rows: Array<{ reply: ReplyRow; author: PostAuthor }>,
): Promise<Reply[]> {
  const refs = await loadReplyRefs(
    db,
    rows.map((r) => r.reply.quotedReplyId),
  )
  return rows.map(({ reply, author }) => {
    const deleted = reply.deletedAt !== null
    return {
      id: reply.id,
      threadId: reply.threadId,
      position: reply.position,
      author,
      bodyHtml: deleted ? '' : reply.bodyHtml,
      deleted,
      createdAt: reply.createdAt.toISOString(),
      editedAt: reply.editedAt?.toISOString() ?? null,
      quote: (reply.quotedReplyId && refs.get(reply.quotedReplyId)) || null,
      accepted: acceptedReplyId === reply.id,
      ...capabilities(contributionPolicy, viewer, { authorId: reply.authorId, deleted }, ['edit', 'delete']),
    }
  })
}
