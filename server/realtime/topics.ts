import { sql } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { TOPICS_CHANNEL } from './hub.ts'
import { openEventStream } from './sse.ts'

/** Tells every process's listeners that `topic` changed, when (and only if) `tx` commits. */
export async function signalTopic(tx: Tx, topic: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${topic})`)
}

/**
 * Takes the response over as an SSE stream that sends `changed` each time `topic` is signalled,
 * in any process, until the client leaves or the server shuts down. The page then reads what it
 * shows again (and on each reconnect), so nothing is replayed.
 */
export function streamTopic(ctx: AppContext, reply: FastifyReply, topic: string): void {
  const unsubscribe = ctx.hub.subscribeTopic(topic, () => stream.send('changed', '{}'))
  const stream = openEventStream(reply, {
    heartbeatMs: ctx.config.sseHeartbeatMs,
    onClose: () => {
      unsubscribe()
      forgetShutdown()
    },
  })
  const forgetShutdown = ctx.hub.onShutdown(() => stream.end())
}

/** The topic of one exam's leaderboard. */
export const leaderboardTopic = (examId: string) => `leaderboard:${examId}`

/** The topic of one forum thread: a reply was added, edited, deleted or accepted, or the thread changed. */
export const forumThreadTopic = (threadId: string) => `forum-thread:${threadId}`
