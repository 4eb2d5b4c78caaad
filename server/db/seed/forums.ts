import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { sanitizePostHtml } from '#server/core/rich-text/sanitize.ts'
import type { Tx } from '#server/db/client.ts'
import { forumReply, forumThread, forumThreadReader } from '../schema/index.ts'
import { DEMO_THREADS } from './forum-threads.ts'
import type { DemoKey } from './types.ts'

// The demo's forums: the threads of forum-threads.ts with their replies, written over the last
// weeks, so the forum index, the thread lists (pinned, locked, answered, unread) and the threads
// themselves have something real to show. Rows go straight in: the triggers keep the reply counts
// and each forum's counts, and nobody is notified (the journeys expect each account's welcome alone).

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Writes the demo threads, their replies and who has read how far. Deterministic content; each
 * thread's reply_seq is its last position, and the triggers count the replies.
 */
export async function seedForums(tx: Tx, ids: Record<DemoKey, string>, now: number): Promise<void> {
  for (const [i, t] of DEMO_THREADS.entries()) {
    const openedAt = now - t.daysAgo * DAY - (2 + ((i * 3) % 7)) * HOUR
    // Nothing dated in the future: a reply "later" than now is a minute ago.
    const at = (hours: number) => new Date(Math.min(now - 60_000, openedAt + hours * HOUR))
    const replies = t.replies.map((r, k) => ({ ...r, id: randomUUID(), position: k + 1, createdAt: at(r.h) }))
    const last = replies.at(-1)
    const [thread] = await tx
      .insert(forumThread)
      .values({
        subjectSlug: t.subject,
        authorId: ids[t.by],
        title: t.title,
        bodyHtml: sanitizePostHtml(t.body.trim()),
        pinnedAt: t.pinned ? new Date(openedAt) : null,
        lockedAt: t.locked ? at(4) : null,
        replySeq: replies.length,
        createdAt: new Date(openedAt),
        lastActivityAt: last?.createdAt ?? new Date(openedAt),
        lastReplyAuthorId: last ? ids[last.by] : null,
      })
      .returning({ id: forumThread.id })
    if (replies.length > 0) {
      await tx.insert(forumReply).values(
        replies.map((r) => ({
          id: r.id,
          threadId: thread.id,
          authorId: ids[r.by],
          position: r.position,
          bodyHtml: r.deleted ? '' : sanitizePostHtml(r.body.trim()),
          quotedReplyId: r.quotes === undefined ? null : replies[r.quotes].id,
          createdAt: r.createdAt,
          editedAt: r.editedAfter ? at(r.h + r.editedAfter) : null,
          deletedAt: r.deleted ? at(r.h + 2) : null,
        })),
      )
    }
    if (t.accepted !== undefined) {
      await tx
        .update(forumThread)
        .set({ acceptedReplyId: replies[t.accepted].id })
        .where(eq(forumThread.id, thread.id))
    }

    // The author and each replier watch it, having seen it up to their last post (the author up to
    // their own opening, so later replies show as new); readers have seen what they saw.
    const seen = new Map<DemoKey, number>([[t.by, 0]])
    for (const r of replies) seen.set(r.by, r.position)
    const readers = Object.entries(t.readers ?? {}) as [DemoKey, number][]
    await tx.insert(forumThreadReader).values([
      ...[...seen].map(([key, lastSeenSeq]) => ({
        threadId: thread.id,
        userId: ids[key],
        lastSeenSeq,
        watching: !t.unwatched?.includes(key),
      })),
      ...readers
        .filter(([key]) => !seen.has(key))
        .map(([key, lastSeenSeq]) => ({
          threadId: thread.id,
          userId: ids[key],
          lastSeenSeq,
          watching: null,
        })),
    ])
  }
}
