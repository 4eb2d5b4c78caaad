import type { FastifyReply } from 'fastify'
import type { AppContext, SessionUser } from '#server/context.ts'
import { openEventStream } from '#server/realtime/sse.ts'
import { leaderboardTopic } from '#server/realtime/topics.ts'
import { findViewableExam } from './exams.service.ts'

/**
 * GET /api/exams/:examId/leaderboard/stream: a `changed` event whenever someone's best attempt at
 * this exam changes (in any process); the page then reads the leaderboard again. Unknown or
 * unviewable exams are a 404 before the stream opens.
 */
export async function openLeaderboardStream(
  ctx: AppContext,
  viewer: SessionUser | null,
  examId: string,
  reply: FastifyReply,
): Promise<void> {
  await findViewableExam(ctx, viewer, examId)
  const unsubscribe = ctx.hub.subscribeTopic(leaderboardTopic(examId), () => stream.send('changed', {}))
  const stream = openEventStream(reply, {
    heartbeatMs: ctx.config.sseHeartbeatMs,
    onClose: () => {
      unsubscribe()
      forgetShutdown()
    },
  })
  const forgetShutdown = ctx.hub.onShutdown(() => stream.end())
}
