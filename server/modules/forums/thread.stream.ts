import type { FastifyReply } from 'fastify'
import type { AppContext } from '#server/context.ts'
import { forumThreadTopic, streamTopic } from '#server/realtime/topics.ts'
import { findThreadRow } from './threads.service.ts'

/**
 * GET /api/forum/threads/:id/stream: `changed` whenever the thread changes (a reply added, edited,
 * deleted or accepted; the thread edited, moved, pinned or locked). An unknown thread is a 404
 * before the stream opens.
 */
export async function openThreadStream(
  ctx: AppContext,
  threadId: string,
  reply: FastifyReply,
): Promise<void> {
  await findThreadRow(ctx.db, threadId)
  streamTopic(ctx, reply, forumThreadTopic(threadId))
}
