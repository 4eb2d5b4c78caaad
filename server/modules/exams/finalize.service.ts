import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { examStatsPath } from '#common/paths.ts'
import type { AnswerValue } from '#common/schemas/exams.ts'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { addPracticeCards } from '#server/core/practice-cards.ts'
import { exam, examAnswer, examAttempt, examBest, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { leaderboardTopic, signalTopic } from '#server/realtime/topics.ts'
import type { AttemptRow } from './exam-rows.ts'
import type { Queryable } from './exams.service.ts'
import { hasPassed, scoreAttempt } from './scoring.ts'

// Closing attempts: scoring what counts, the exam's counters, the taker's best (and the
// leaderboard's signal), practice cards for what was missed and the author's notification, in one
// transaction; and the sweep that closes attempts whose deadline passed without a submission.

export const attemptNotFound = () => new AppError('not_found', 'That attempt does not exist')

/**
 * The answers that count, per attempt: those saved before its deadline (later saves are refused
 * anyway; this keeps the rule in one place).
 */
export async function countedAnswers(
  db: Queryable,
  attemptIds: string[],
): Promise<Map<string, Map<string, AnswerValue | null>>> {
  const byAttempt = new Map<string, Map<string, AnswerValue | null>>(attemptIds.map((id) => [id, new Map()]))
  if (attemptIds.length === 0) return byAttempt
  const rows = await db
    .select({ attemptId: examAnswer.attemptId, questionId: examAnswer.questionId, value: examAnswer.value })
    .from(examAnswer)
    .innerJoin(examAttempt, eq(examAttempt.id, examAnswer.attemptId))
    .where(and(inArray(examAnswer.attemptId, attemptIds), lte(examAnswer.updatedAt, examAttempt.deadline)))
  for (const r of rows) byAttempt.get(r.attemptId)?.set(r.questionId, r.value ?? null)
  return byAttempt
}

/**
 * Scores and closes one attempt, once: the attempt's score, the exam's counters, the taker's best
 * at this version, and the author's notification commit together (notify last). An attempt
 * closed at or after its deadline ends at the deadline and is marked autoSubmitted.
 */
export async function finalizeAttempt(
  ctx: AppContext,
  attemptId: string,
  /** When it was submitted: now, except for the demo seed's attempts in the past. */
  now = ctx.clock.now(),
): Promise<AttemptRow> {
  return ctx.db.transaction(async (tx) => {
    const [a] = await tx.select().from(examAttempt).where(eq(examAttempt.id, attemptId)).for('update')
    if (!a) throw attemptNotFound()
    if (a.submittedAt) return a
    const late = now >= a.deadline
    const endedAt = late ? a.deadline : now
    const answers = (await countedAnswers(tx, [a.id])).get(a.id) ?? new Map()
    const { score, percent, earned } = scoreAttempt(a.questions, answers)
    const [e] = await tx
      .update(exam)
      .set({
        attemptCount: sql`${exam.attemptCount} + 1`,
        percentSum: sql`${exam.percentSum} + ${percent}`,
      })
      .where(eq(exam.id, a.examId))
      .returning({ title: exam.title, authorId: exam.authorId, passMark: exam.passMark })
    const [row] = await tx
      .update(examAttempt)
      .set({
        submittedAt: endedAt,
        autoSubmitted: late,
        score,
        percent,
        passed: hasPassed(percent, e.passMark),
      })
      .where(eq(examAttempt.id, a.id))
      .returning()
    const durationMs = endedAt.getTime() - a.startedAt.getTime()
    // Better: a higher score, or the same score in less time.
    const best = await tx
      .insert(examBest)
      .values({
        examId: a.examId,
        examVersion: a.examVersion,
        userId: a.userId,
        attemptId: a.id,
        score,
        percent,
        durationMs,
        submittedAt: endedAt,
      })
      .onConflictDoUpdate({
        target: [examBest.examId, examBest.examVersion, examBest.userId],
        set: {
          attemptId: sql`excluded.attempt_id`,
          score: sql`excluded.score`,
          percent: sql`excluded.percent`,
          durationMs: sql`excluded.duration_ms`,
          submittedAt: sql`excluded.submitted_at`,
        },
        setWhere: sql`excluded.score > ${examBest.score} or (excluded.score = ${examBest.score} and excluded.duration_ms < ${examBest.durationMs})`,
      })
      .returning({ userId: examBest.userId })
    // The leaderboard changed: its open pages read it again once this commits.
    if (best.length > 0) await signalTopic(tx, leaderboardTopic(a.examId))
    // What the taker missed comes back as practice cards (decision 049), with the submission or not at all.
    await addPracticeCards(tx, {
      userId: a.userId,
      examId: a.examId,
      questions: a.questions,
      earned,
      at: endedAt,
    })
    if (a.userId !== e.authorId) {
      const [taker] = await tx.select({ name: user.name }).from(user).where(eq(user.id, a.userId))
      await notify(
        tx,
        e.authorId,
        'exam_finished',
        `${taker.name} finished “${e.title}”: ${percent}%`,
        examStatsPath(a.examId),
      )
    }
    return row
  })
}

/**
 * Finalises every attempt past its deadline that nobody submitted (all of them, or one exam's, or
 * one person's at one exam), oldest deadline first, in batches. Run by housekeeping, and before
 * reads that show results. Returns how many it finalised.
 */
export async function finalizeExpiredAttempts(
  ctx: AppContext,
  scope: { examId?: string; userId?: string } = {},
): Promise<number> {
  const BATCH = 100
  const now = ctx.clock.now()
  let total = 0
  for (;;) {
    const due = await ctx.db
      .select({ id: examAttempt.id })
      .from(examAttempt)
      .where(
        and(
          isNull(examAttempt.submittedAt),
          lte(examAttempt.deadline, now),
          scope.examId ? eq(examAttempt.examId, scope.examId) : undefined,
          scope.userId ? eq(examAttempt.userId, scope.userId) : undefined,
        ),
      )
      .orderBy(asc(examAttempt.deadline))
      .limit(BATCH)
    for (const { id } of due) await finalizeAttempt(ctx, id)
    total += due.length
    if (due.length < BATCH) return total
  }
}
