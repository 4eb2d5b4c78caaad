import type { FastifyReply } from 'fastify'
import type { AppContext } from '#server/context.ts'
import { openEventStream } from '#server/realtime/sse.ts'
import { forumThreadTopic } from '#server/realtime/topics.ts'
import { findThreadRow } from './threads.service.ts'

/**
 * GET /api/forum/threads/:id/stream: a `changed` event whenever the thread changes (a reply added,
 * edited, deleted or accepted; the thread edited, moved, pinned or locked), in any process; the
 * page then reads what it shows again. An unknown thread is a 404 before the stream opens.
 */
export async function openThreadStream(
  ctx: AppContext,
  threadId: string,
  reply: FastifyReply,
): Promise<void> {
  await findThreadRow(ctx.db, threadId)
  const unsubscribe = ctx.hub.subscribeTopic(forumThreadTopic(threadId), () => stream.send('changed', {}))
  const stream = openEventStream(reply, {
    heartbeatMs: ctx.config.sseHeartbeatMs,
    onClose: () => {
      unsubscribe()
      forgetShutdown()
    },
  })
  const forgetShutdown = ctx.hub.onShutdown(() => stream.end())
}
