import { and, asc, count, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm'
import { LEADERBOARD_SIZE } from '#common/constants.ts'
import type { Leaderboard, LeaderboardRow } from '#common/schemas/exam-leaderboard.ts'
import type { ExamResults, ExamStats } from '#common/schemas/exams.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { examPolicy } from '#server/core/policies/index.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { exam, examAttempt, examBest, examBoard, user } from '#server/db/schema/index.ts'
import { toResult } from './attempts.service.ts'
import { disclosureFor, reviewedQuestion } from './disclosure.ts'
import { cardColumns, findViewableExam, loadCard, notFound, questionsOf, toCard } from './exams.service.ts'
import { countedAnswers, finalizeExpiredAttempts } from './finalize.service.ts'
import { scoreQuestion } from './scoring.ts'

// What happens after an attempt: my results (the per-question review only once submitted), the
// leaderboard (best attempt per person at the current version) and the author's statistics.
// Each read first finalises attempts past their deadline, so nobody waits for the sweep.

const HARDEST_SIZE = 10
const RECENT_SIZE = 20
/** Question statistics are computed from this many of the latest attempts: enough to be telling. */
const STATS_SAMPLE = 500

const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * My submitted attempts at an exam, newest first, and the latest one reviewed question by
 * question as the exam's review options allow (disclosure.ts). The review is withheld while I have
 * an attempt running: its questions are the same.
 */
export async function getMyResults(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
): Promise<ExamResults> {
  await finalizeExpiredAttempts(ctx, { examId, userId: actor.id })
  const card = await findViewableExam(ctx, actor, examId)
  const mine = await ctx.db
    .select()
    .from(examAttempt)
    .where(and(eq(examAttempt.examId, examId), eq(examAttempt.userId, actor.id)))
    .orderBy(desc(examAttempt.number))
  const submitted = mine.filter((a) => a.submittedAt)
  const running = mine.some((a) => !a.submittedAt)
  const latest = submitted[0]
  const disclosure = disclosureFor(card.exam, mine.length, examPolicy.seeStats(actor, card.exam))
  let review: ExamResults['review'] = null
  if (latest && !running) {
    const answers = (await countedAnswers(ctx.db, [latest.id])).get(latest.id) ?? new Map()
    review = {
      attemptId: latest.id,
      questions: latest.questions.map((q) => reviewedQuestion(q, answers.get(q.id), disclosure.shown)),
    }
  }
  return { exam: toCard(card), attempts: submitted.map(toResult), review, disclosure }
}

/** My submitted attempts at every exam, newest first. */
export async function listMyAttempts(
  ctx: AppContext,
  actor: SessionUser,
  query: { cursor?: string; limit: number },
) {
  await finalizeExpiredAttempts(ctx, { userId: actor.id })
  const rows = await ctx.db
    .select({ ...cardColumns, attempt: examAttempt })
    .from(examAttempt)
    .innerJoin(exam, eq(exam.id, examAttempt.examId))
    .innerJoin(user, eq(user.id, exam.authorId))
    .where(
      and(
        eq(examAttempt.userId, actor.id),
        isNotNull(examAttempt.submittedAt),
        afterCursor(query.cursor, examAttempt.submittedAt, examAttempt.id),
      ),
    )
    .orderBy(desc(examAttempt.submittedAt), desc(examAttempt.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((row) => ({ ...row, id: row.attempt.id })),
    query.limit,
    (row) => ({ ...toResult(row.attempt), exam: toCard(row) }),
    (row) => row.attempt.submittedAt ?? row.attempt.deadline,
  )
}

const bestColumns = {
  userId: examBest.userId,
  score: examBest.score,
  percent: examBest.percent,
  durationMs: examBest.durationMs,
  submittedAt: examBest.submittedAt,
}

type BestRow = {
  userId: string
  score: number
  percent: number
  durationMs: number
  submittedAt: Date
  rank: number
  name: string
  image: string | null
}

const toRow = (r: BestRow): LeaderboardRow => ({
  rank: r.rank,
  user: { id: r.userId, name: r.name, image: r.image },
  score: r.score,
  percent: r.percent,
  durationSeconds: Math.round(r.durationMs / 1000),
  submittedAt: r.submittedAt.toISOString(),
})

/**
 * The best attempt per person at the exam's current version, by score then time taken; equal
 * score and time share a rank (rank(): 1, 2, 2, 4). The top LEADERBOARD_SIZE are read in the
 * order of exam_best_rank_idx; the total is exam_board's counter; my own row gets its true rank by
 * two index range counts, however far down it is.
 */
export async function getLeaderboard(
  ctx: AppContext,
  viewer: SessionUser | null,
  examId: string,
): Promise<Leaderboard> {
  await finalizeExpiredAttempts(ctx, { examId })
  const card = await findViewableExam(ctx, viewer, examId)
  const ofVersion = and(eq(examBest.examId, examId), eq(examBest.examVersion, card.exam.version))
  const top = ctx.db
    .select({
      ...bestColumns,
      rank: sql<number>`rank() over (order by ${examBest.score} desc, ${examBest.durationMs} asc)`.as('rank'),
    })
    .from(examBest)
    .where(ofVersion)
    .orderBy(desc(examBest.score), asc(examBest.durationMs), asc(examBest.userId))
    .limit(LEADERBOARD_SIZE)
    .as('top')
  const rows = await ctx.db
    .select({
      userId: top.userId,
      score: top.score,
      percent: top.percent,
      durationMs: top.durationMs,
      submittedAt: top.submittedAt,
      rank: top.rank,
      name: user.name,
      image: user.image,
    })
    .from(top)
    .innerJoin(user, eq(user.id, top.userId))
    .orderBy(asc(top.rank), asc(top.userId))
  const [board] = await ctx.db
    .select({ takers: examBoard.takers })
    .from(examBoard)
    .where(and(eq(examBoard.examId, examId), eq(examBoard.examVersion, card.exam.version)))
  const total = board?.takers ?? 0

  let me: LeaderboardRow | null = null
  if (viewer) {
    const inTop = rows.find((r) => r.userId === viewer.id)
    if (inTop) me = toRow({ ...inTop, rank: Number(inTop.rank) })
    else {
      const [mine] = await ctx.db
        .select({ ...bestColumns, name: user.name, image: user.image })
        .from(examBest)
        .innerJoin(user, eq(user.id, examBest.userId))
        .where(and(ofVersion, eq(examBest.userId, viewer.id)))
      if (mine) {
        const [{ higher }] = await ctx.db
          .select({ higher: count() })
          .from(examBest)
          .where(and(ofVersion, gt(examBest.score, mine.score)))
        const [{ faster }] = await ctx.db
          .select({ faster: count() })
          .from(examBest)
          .where(and(ofVersion, eq(examBest.score, mine.score), lt(examBest.durationMs, mine.durationMs)))
        me = toRow({ ...mine, rank: 1 + higher + faster })
      }
    }
  }
  return { exam: toCard(card), rows: rows.map((r) => toRow({ ...r, rank: Number(r.rank) })), me, total }
}

/**
 * The author's (or an admin's) statistics on the exam's current version: counts, average and pass
 * rate over its submitted attempts, the questions most often missed (over the latest
 * STATS_SAMPLE attempts), and the latest attempts with their tab-switch counts, which no other
 * response carries.
 */
export async function getExamStats(ctx: AppContext, actor: SessionUser, examId: string): Promise<ExamStats> {
  const card = await loadCard(ctx.db, examId)
  if (!card || !examPolicy.seeStats(actor, card.exam)) throw notFound()
  await finalizeExpiredAttempts(ctx, { examId })
  const current = and(
    eq(examAttempt.examId, examId),
    eq(examAttempt.examVersion, card.exam.version),
    isNotNull(examAttempt.submittedAt),
  )
  const [totals] = await ctx.db
    .select({
      attempts: count(),
      takers: sql<number>`count(distinct ${examAttempt.userId})::int`,
      average: sql<number | null>`avg(${examAttempt.percent})::float8`,
      passRate: sql<number | null>`avg(case when ${examAttempt.passed} then 100 else 0 end)::float8`,
    })
    .from(examAttempt)
    .where(current)

  const sample = await ctx.db
    .select({ id: examAttempt.id, questions: examAttempt.questions })
    .from(examAttempt)
    .where(current)
    .orderBy(desc(examAttempt.submittedAt), desc(examAttempt.id))
    .limit(STATS_SAMPLE)
  const answers = await countedAnswers(
    ctx.db,
    sample.map((a) => a.id),
  )
  const tally = new Map<string, { seen: number; correct: number }>()
  for (const a of sample) {
    for (const q of a.questions) {
      const t = tally.get(q.id) ?? { seen: 0, correct: 0 }
      t.seen++
      if (scoreQuestion(q, answers.get(a.id)?.get(q.id)) === q.points) t.correct++
      tally.set(q.id, t)
    }
  }
  const hardestQuestions = (await questionsOf(ctx.db, examId))
    .flatMap((q) => {
      const t = tally.get(q.id)
      return t ? [{ id: q.id, prompt: q.prompt, correctRate: round1((t.correct / t.seen) * 100) }] : []
    })
    .sort((a, b) => a.correctRate - b.correctRate)
    .slice(0, HARDEST_SIZE)

  const recent = await ctx.db
    .select({
      attempt: examAttempt,
      user: { id: user.id, name: user.name, image: user.image },
    })
    .from(examAttempt)
    .innerJoin(user, eq(user.id, examAttempt.userId))
    .where(current)
    .orderBy(desc(examAttempt.submittedAt), desc(examAttempt.id))
    .limit(RECENT_SIZE)

  return {
    exam: { ...toCard(card), status: card.exam.status },
    attempts: totals.attempts,
    takers: totals.takers,
    averagePercent: totals.average === null ? null : round1(totals.average),
    passRate: totals.passRate === null ? null : round1(totals.passRate),
    hardestQuestions,
    recentAttempts: recent.map(({ attempt: a, user: u }) => ({
      id: a.id,
      user: u,
      percent: a.percent ?? 0,
      passed: a.passed ?? false,
      tabSwitches: a.tabSwitches,
      submittedAt: (a.submittedAt ?? a.deadline).toISOString(),
    })),
  }
}
