import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { forumReply, forumThread } from '#server/db/schema/index.ts'
import { forumThreadTopic, signalTopic } from '#server/realtime/topics.ts'

// Removing forum content, shared by the forum routes (authors and admins) and the reports queue.
// Permission checks happen before; these only change the rows and tell the thread's viewers.

/**
 * Deletes a reply in place: its body is emptied and it keeps its position, so the thread still
 * reads ("deleted"); it stops being the accepted answer. The trigger on forum_reply lowers the
 * thread's reply count (and the forum's with it).
 */
export async function removeReply(tx: Tx, replyId: string): Promise<void> {
  const [removed] = await tx
    .update(forumReply)
    .set({ bodyHtml: '', deletedAt: sql`now()` })
    .where(and(eq(forumReply.id, replyId), sql`${forumReply.deletedAt} is null`))
    .returning({ threadId: forumReply.threadId })
  if (!removed) return
  await tx
    .update(forumThread)
    .set({ acceptedReplyId: null })
    .where(and(eq(forumThread.id, removed.threadId), eq(forumThread.acceptedReplyId, replyId)))
  await signalTopic(tx, forumThreadTopic(removed.threadId))
}

/** Deletes a thread with its replies (cascade); the forum's counts follow by trigger. */
export async function removeThread(tx: Tx, threadId: string): Promise<void> {
  await tx.delete(forumThread).where(eq(forumThread.id, threadId))
  await signalTopic(tx, forumThreadTopic(threadId))
}
