import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { TOPICS_CHANNEL } from './hub.ts'

/** Tells every process's listeners that `topic` changed, when (and only if) `tx` commits. */
export async function signalTopic(tx: Tx, topic: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${topic})`)
}

/** The topic of one exam's leaderboard. */
export const leaderboardTopic = (examId: string) => `leaderboard:${examId}`

/** The topic of one forum thread: a reply was added, edited, deleted or accepted, or the thread changed. */
export const forumThreadTopic = (threadId: string) => `forum-thread:${threadId}`
