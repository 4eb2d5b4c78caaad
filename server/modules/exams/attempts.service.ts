import { randomInt } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type {
  AnswerValue,
  AttemptResult,
  AttemptState,
  SaveAnswerInput,
  SavedAnswer,
  TakerQuestion,
} from '#common/schemas/exams.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { examPolicy } from '#server/core/policies/index.ts'
import { type AttemptQuestion, exam, examAnswer, examAttempt } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import type { AttemptRow, ExamRow, QuestionRow } from './exam-rows.ts'
import { notFound, type Queryable, questionsOf } from './exams.service.ts'
import { attemptNotFound, finalizeAttempt, finalizeExpiredAttempts } from './finalize.service.ts'
import { maxScoreOf } from './scoring.ts'

// Taking an exam. The server owns the clock (ctx.clock) and the answers: an attempt snapshots its
// questions (order, draw, option order, answers) at Start, a taker only ever receives
// TakerQuestion, answers are refused once the deadline has passed or the attempt is submitted,
// and an attempt past its deadline is finalised on its next read or by the sweep.

/** Fisher–Yates with a cryptographic source: a taker cannot predict the next attempt's order. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** This attempt's questions: drawn N of M, shuffled, options shuffled, as the exam says. */
export function buildSnapshot(e: ExamRow, rows: QuestionRow[]): AttemptQuestion[] {
  let picked = rows
  if (e.drawCount && e.drawCount < rows.length) {
    picked = shuffled(rows).slice(0, e.drawCount)
    if (!e.shuffleQuestions) picked.sort((a, b) => a.position - b.position)
  } else if (e.shuffleQuestions) {
    picked = shuffled(rows)
  }
  return picked.map((q) => ({
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    // True stays before False: shuffling two fixed words only confuses.
    options: e.shuffleOptions && q.kind !== 'true_false' ? shuffled(q.options) : q.options,
    correctOptionIds: q.correctOptionIds,
    acceptedAnswers: q.acceptedAnswers,
    points: q.points,
    partialCredit: q.partialCredit,
    explanation: q.explanation,
  }))
}

/** What a taker sees of a question: never its answers, never its explanation. */
const toTakerQuestion = (q: AttemptQuestion): TakerQuestion => ({
  id: q.id,
  kind: q.kind,
  prompt: q.prompt,
  options: q.options.map((o) => ({ id: o.id, text: o.text })),
  points: q.points,
})

async function savedAnswers(db: Queryable, attemptId: string): Promise<SavedAnswer[]> {
  const rows = await db
    .select({ questionId: examAnswer.questionId, value: examAnswer.value, flagged: examAnswer.flagged })
    .from(examAnswer)
    .where(eq(examAnswer.attemptId, attemptId))
  return rows.map((r) => ({ questionId: r.questionId, value: r.value ?? null, flagged: r.flagged }))
}

async function toState(db: Queryable, a: AttemptRow, now: Date): Promise<AttemptState> {
  return {
    id: a.id,
    examId: a.examId,
    status: a.submittedAt ? 'submitted' : 'in_progress',
    startedAt: a.startedAt.toISOString(),
    deadline: a.deadline.toISOString(),
    serverNow: now.toISOString(),
    questions: a.questions.map(toTakerQuestion),
    answers: await savedAnswers(db, a.id),
  }
}

export const toResult = (a: AttemptRow): AttemptResult => {
  const submittedAt = a.submittedAt ?? a.deadline
  return {
    id: a.id,
    number: a.number,
    examVersion: a.examVersion,
    startedAt: a.startedAt.toISOString(),
    submittedAt: submittedAt.toISOString(),
    autoSubmitted: a.autoSubmitted,
    score: a.score ?? 0,
    maxScore: a.maxScore,
    percent: a.percent ?? 0,
    passed: a.passed ?? false,
    durationSeconds: Math.round((submittedAt.getTime() - a.startedAt.getTime()) / 1000),
  }
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.cause?.code ?? e.code) === '23505'
}

/**
 * Start: the caller's running attempt if one is still before its deadline, otherwise attempt n+1
 * (409 when the allowed attempts are used up). Two Starts at once both try number n+1; the unique
 * (exam, user, number) index refuses one, which then finds the other's attempt and returns it.
 */
export async function startAttempt(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
): Promise<{ state: AttemptState; created: boolean }> {
  await finalizeExpiredAttempts(ctx, { examId, userId: actor.id })
  for (let tries = 1; ; tries++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        // FOR KEY SHARE: an edit (FOR UPDATE) cannot change the questions while this attempt copies
        // them, yet submissions can still bump the exam's counters meanwhile.
        const [e] = await tx.select().from(exam).where(eq(exam.id, examId)).for('key share')
        if (!e) throw notFound()
        const now = ctx.clock.now()
        const mine = await tx
          .select()
          .from(examAttempt)
          .where(and(eq(examAttempt.examId, examId), eq(examAttempt.userId, actor.id)))
          .orderBy(desc(examAttempt.number))
        // A running attempt resumes even if an edit has sent the exam back to review meanwhile.
        const running = mine.find((a) => !a.submittedAt && a.deadline > now)
        if (running) return { state: await toState(tx, running, now), created: false }
        if (e.status !== 'published') {
          if (!examPolicy.manage(actor, e)) throw notFound()
          throw new AppError(
            'conflict',
            'This exam is not published yet: preview it from the builder instead',
          )
        }
        if (e.attemptsAllowed !== null && mine.length >= e.attemptsAllowed) {
          throw new AppError(
            'conflict',
            `You have used all ${e.attemptsAllowed} of your attempts at this exam. Your results are still there to review.`,
          )
        }
        const questions = buildSnapshot(e, await questionsOf(tx, e.id))
        if (questions.length === 0) throw new AppError('conflict', 'This exam has no questions yet')
        const [row] = await tx
          .insert(examAttempt)
          .values({
            examId,
            userId: actor.id,
            number: (mine[0]?.number ?? 0) + 1,
            examVersion: e.version,
            questions,
            startedAt: now,
            deadline: new Date(now.getTime() + e.durationMinutes * 60_000),
            maxScore: maxScoreOf(questions),
          })
          .returning()
        return { state: await toState(tx, row, now), created: true }
      })
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 3) throw error
    }
  }
}

async function findOwnAttempt(ctx: AppContext, actor: SessionUser, attemptId: string): Promise<AttemptRow> {
  const [row] = await ctx.db
    .select()
    .from(examAttempt)
    .where(and(eq(examAttempt.id, attemptId), eq(examAttempt.userId, actor.id)))
  if (!row) throw attemptNotFound()
  return row
}

/** The attempt as the taker resumes it; one past its deadline is finalised first. */
export async function getAttemptState(
  ctx: AppContext,
  actor: SessionUser,
  attemptId: string,
): Promise<AttemptState> {
  let row = await findOwnAttempt(ctx, actor, attemptId)
  const now = ctx.clock.now()
  if (!row.submittedAt && row.deadline <= now) row = await finalizeAttempt(ctx, row.id)
  return toState(ctx.db, row, now)
}

const badAnswer = (message: string) =>
  new AppError('bad_request', 'That answer does not fit the question', { value: message })

/** The answer as stored: it must fit the question's kind and name only its options. */
function checkedValue(q: AttemptQuestion, value: AnswerValue | null): AnswerValue | null {
  if (value === null) return null
  if (q.kind === 'short') {
    if (!('text' in value)) throw badAnswer('Type your answer')
    return { text: value.text }
  }
  if (!('optionIds' in value)) throw badAnswer('Choose among the options')
  const ids = [...new Set(value.optionIds)]
  const known = new Set(q.options.map((o) => o.id))
  if (ids.some((id) => !known.has(id))) throw badAnswer('Choose among the options')
  if (q.kind !== 'multiple' && ids.length > 1) throw badAnswer('Choose one option')
  return { optionIds: ids }
}

/** Saves one answer (an upsert: last write wins); refused after the deadline or the submission. */
export async function saveAnswer(
  ctx: AppContext,
  actor: SessionUser,
  attemptId: string,
  questionId: string,
  input: SaveAnswerInput,
): Promise<SavedAnswer> {
  return ctx.db.transaction(async (tx) => {
    // FOR SHARE against the submission's FOR UPDATE: a save either lands before scoring or is refused.
    const [a] = await tx
      .select({
        submittedAt: examAttempt.submittedAt,
        deadline: examAttempt.deadline,
        questions: examAttempt.questions,
      })
      .from(examAttempt)
      .where(and(eq(examAttempt.id, attemptId), eq(examAttempt.userId, actor.id)))
      .for('share')
    if (!a) throw attemptNotFound()
    if (a.submittedAt)
      throw new AppError('conflict', 'This attempt is submitted: its answers can no longer change')
    const now = ctx.clock.now()
    if (now >= a.deadline) throw new AppError('conflict', 'Time is up: answers can no longer be saved')
    const question = a.questions.find((q) => q.id === questionId)
    if (!question) throw new AppError('not_found', 'That question is not part of this attempt')
    const value = checkedValue(question, input.value)
    await tx
      .insert(examAnswer)
      .values({ attemptId, questionId, value, flagged: input.flagged, updatedAt: now })
      .onConflictDoUpdate({
        target: [examAnswer.attemptId, examAnswer.questionId],
        set: {
          value: sql`excluded.value`,
          flagged: sql`excluded.flagged`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
    return { questionId, value, flagged: input.flagged }
  })
}

/** Counts the taker leaving the tab or window; ignored once the attempt is over. */
export async function recordTabSwitch(ctx: AppContext, actor: SessionUser, attemptId: string): Promise<void> {
  const row = await findOwnAttempt(ctx, actor, attemptId)
  await ctx.db
    .update(examAttempt)
    .set({ tabSwitches: sql`${examAttempt.tabSwitches} + 1` })
    .where(
      and(
        eq(examAttempt.id, row.id),
        isNull(examAttempt.submittedAt),
        sql`${examAttempt.deadline} > ${ctx.clock.now().toISOString()}::timestamptz`,
      ),
    )
}

/** Submit: idempotent (a second submit returns the first result); after the deadline, still accepted. */
export async function submitAttempt(
  ctx: AppContext,
  actor: SessionUser,
  attemptId: string,
): Promise<AttemptResult> {
  const row = await findOwnAttempt(ctx, actor, attemptId)
  return toResult(await finalizeAttempt(ctx, row.id))
}
