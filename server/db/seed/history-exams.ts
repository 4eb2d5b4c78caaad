import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { exam, examAnswer, examAttempt } from '#server/db/schema/index.ts'
import { buildSnapshot, finalizeAttempt, questionsOf } from '#server/modules/exams/index.ts'
import { answerFor } from './exams.ts'
import { HOUR, MINUTE, momentBetween } from './history-ledger.ts'

/** Readers who take each of the writers' exams since it came out: submitted, some passed. */
export async function seedExamAttempts(
  ctx: AppContext,
  writerIds: string[],
  readers: Array<{ id: string; createdAt: Date }>,
  now: number,
  random: () => number,
) {
  const exams = await ctx.db
    .select()
    .from(exam)
    .where(and(inArray(exam.authorId, writerIds), eq(exam.status, 'published')))
    .orderBy(exam.publishedAt)
  for (const [i, row] of exams.entries()) {
    const published = row.publishedAt?.getTime() ?? now
    const questions = await questionsOf(ctx.db, row.id)
    const takers = readers.filter((_, r) => (r + i) % 10 === 0)
    for (const [r, reader] of takers.entries()) {
      const from = Math.max(published, reader.createdAt.getTime()) + HOUR
      if (from >= now - 2 * HOUR) continue
      const startedAt = momentBetween(random, from, now - 2 * HOUR)
      const snapshot = buildSnapshot(row, questions)
      const [attempt] = await ctx.db
        .insert(examAttempt)
        .values({
          examId: row.id,
          userId: reader.id,
          number: 1,
          examVersion: row.version,
          questions: snapshot,
          startedAt: new Date(startedAt),
          deadline: new Date(startedAt + row.durationMinutes * MINUTE),
          maxScore: snapshot.reduce((sum, q) => sum + q.points, 0),
        })
        .returning()
      // Some know the subject well, some hardly: between about a third and all of it right.
      const skill = 0.35 + 0.65 * random()
      await ctx.db.insert(examAnswer).values(
        snapshot.map((q, qi) => ({
          attemptId: attempt.id,
          questionId: q.id,
          value: answerFor(q, random() < skill),
          updatedAt: new Date(startedAt + (qi + 1) * 45_000),
        })),
      )
      const minutes = Math.max(2, Math.round(row.durationMinutes * (0.4 + (0.5 * ((r * 13) % 10)) / 10)))
      await finalizeAttempt(ctx, attempt.id, new Date(startedAt + minutes * MINUTE))
    }
  }
}
