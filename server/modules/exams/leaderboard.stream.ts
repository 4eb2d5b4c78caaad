import type { FastifyReply } from 'fastify'
import type { AppContext, SessionUser } from '#server/context.ts'
import { leaderboardTopic, streamTopic } from '#server/realtime/topics.ts'
import { findViewableExam } from './exams.service.ts'

/**
 * GET /api/exams/:examId/leaderboard/stream: `changed` whenever someone's best attempt at this
 * exam changes; the page then reads the leaderboard again. Unknown or unviewable exams are a 404
 * before the stream opens.
 */
export async function openLeaderboardStream(
  ctx: AppContext,
  viewer: SessionUser | null,
  examId: string,
  reply: FastifyReply,
): Promise<void> {
  await findViewableExam(ctx, viewer, examId)
  streamTopic(ctx, reply, leaderboardTopic(examId))
}
