import { and, asc, count, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { ReviewDisclosure } from '#common/schemas/exam-review.ts'
import type { AnswerValue } from '#common/schemas/exams.ts'
import {
  PRACTICE_RETENTION_DEFAULT,
  PRACTICE_STATES,
  type PracticeCard,
  type PracticeDuePage,
  type PracticeDueQuery,
  type PracticeReviewInput,
  type PracticeReviewResult,
  type PracticeSchedule,
  type PracticeSettings,
  type PracticeSummary,
} from '#common/schemas/practice.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { examPolicy, practicePolicy } from '#server/core/policies/index.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import {
  type AttemptQuestion,
  exam,
  examAttempt,
  flashcard,
  practiceCard,
  profile,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { disclosureFor, finalizeExpiredAttempts, scoreQuestion } from '#server/modules/exams/index.ts'
import { type LessonAccess, ofLessons, practisableLessons } from './lessons.ts'
import { nextDues, nextSchedule } from './schedule.ts'

// Practice from mistakes (decision 049). A card from an exam question is practised only while
// the exam's review options show this reader their marks (decision 012) and no attempt of theirs
// at that exam is running; otherwise it waits, listed nowhere. A card says right or not yet; the
// right answer and the explanation come only once the reader has no attempt left, and only as
// the review options allow. The server checks every answer with the exams' scoring. A lesson's
// Key ideas are practised while the reader may read the lesson (lessons.ts, decision 052).

type CardRow = typeof practiceCard.$inferSelect

/** What a practisable exam's cards may show: its title for the card, its review for the answers. */
interface ExamAccess {
  title: string
  disclosure: ReviewDisclosure
}

export const cardNotFound = () => new AppError('not_found', 'That practice card does not exist')

/** The reader's attempts at each exam, with the exam: only they decide what a card may show. */
async function attemptsByExam(ctx: AppContext, actor: SessionUser, examId?: string) {
  return ctx.db
    .select({
      exam,
      attempts: sql<number>`count(*)::int`,
      running: sql<boolean>`bool_or(${examAttempt.submittedAt} is null)`,
    })
    .from(examAttempt)
    .innerJoin(exam, eq(exam.id, examAttempt.examId))
    .where(and(eq(examAttempt.userId, actor.id), examId ? eq(examAttempt.examId, examId) : undefined))
    .groupBy(exam.id)
}

/**
 * The exams whose cards the reader may practise now: no attempt running (its questions are the
 * same), and the review options show them their marks (a card's right or not yet is a mark).
 */
async function practisableExams(
  ctx: AppContext,
  actor: SessionUser,
  examId?: string,
): Promise<{ open: Map<string, ExamAccess>; running: Set<string> }> {
  // A timed-out attempt is finalised first: its misses become cards, and it no longer runs.
  await finalizeExpiredAttempts(ctx, examId ? { userId: actor.id, examId } : { userId: actor.id })
  const open = new Map<string, ExamAccess>()
  const running = new Set<string>()
  for (const row of await attemptsByExam(ctx, actor, examId)) {
    if (row.running) {
      running.add(row.exam.id)
      continue
    }
    const disclosure = disclosureFor(row.exam, row.attempts, examPolicy.seeStats(actor, row.exam))
    if (disclosure.shown.correctness) open.set(row.exam.id, { title: row.exam.title, disclosure })
  }
  return { open, running }
}

/** What the reader may practise now: the exams that show them their marks, the lessons they may read. */
async function practisableNow(ctx: AppContext, actor: SessionUser) {
  const [{ open }, lessons] = await Promise.all([
    practisableExams(ctx, actor),
    practisableLessons(ctx, actor),
  ])
  return { open, lessons, none: open.size === 0 && lessons.size === 0 }
}

/** The reader's cards that may be practised: those of the open exams and of the readable lessons. */
const practisable = (actor: SessionUser, open: Map<string, ExamAccess>, lessons: Map<string, LessonAccess>) =>
  and(
    eq(practiceCard.userId, actor.id),
    or(
      open.size > 0 ? inArray(practiceCard.examId, [...open.keys()]) : undefined,
      lessons.size > 0 ? ofLessons([...lessons.keys()]) : undefined,
    ),
  )

export const toSchedule = (row: CardRow): PracticeSchedule => ({
  due: row.due.toISOString(),
  state: PRACTICE_STATES[row.state] ?? 'new',
  reps: row.reps,
  lapses: row.lapses,
})

/** A card as listed, with its flashcard's current text when it is one. */
interface DueRow {
  id: string
  card: CardRow
  front: string | null
  back: string | null
  postId: string | null
}

/** An exam card as asked: the question and its options, never its answers or explanation. */
function toCard(
  { card: row, front, back, postId }: DueRow,
  open: Map<string, ExamAccess>,
  lessons: Map<string, LessonAccess>,
  hints: (row: CardRow) => Record<string, string>,
): PracticeCard {
  const lesson = postId ? lessons.get(postId) : undefined
  if (row.source === 'flashcard' && lesson && front !== null && back !== null) {
    return { ...toSchedule(row), id: row.id, source: 'flashcard', front, back, lesson, nextDue: hints(row) }
  }
  const q = row.question as AttemptQuestion
  const access = row.examId ? open.get(row.examId) : undefined
  return {
    ...toSchedule(row),
    id: row.id,
    source: 'exam_question',
    kind: q.kind,
    prompt: q.prompt,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
    exam: row.examId && access ? { id: row.examId, title: access.title } : null,
  }
}

/** The cards due now, longest overdue first (keyset on due, id), and how many are due in all. */
export async function listDue(
  ctx: AppContext,
  actor: SessionUser,
  query: PracticeDueQuery,
): Promise<PracticeDuePage> {
  const { open, lessons, none } = await practisableNow(ctx, actor)
  if (none) return { items: [], nextCursor: null, total: 0 }
  const now = ctx.clock.now()
  const dueNow = and(practisable(actor, open, lessons), lte(practiceCard.due, now))
  const [rows, [{ total }], { targetRetention }] = await Promise.all([
    ctx.db
      .select({ card: practiceCard, front: flashcard.front, back: flashcard.back, postId: flashcard.postId })
      .from(practiceCard)
      .leftJoin(flashcard, eq(flashcard.id, practiceCard.flashcardId))
      .where(and(dueNow, afterCursor(query.cursor, practiceCard.due, practiceCard.id, 'asc')))
      .orderBy(asc(practiceCard.due), asc(practiceCard.id))
      .limit(query.limit + 1),
    ctx.db.select({ total: count() }).from(practiceCard).where(dueNow),
    getPracticeSettings(ctx, actor),
  ])
  // When each grade would bring a flashcard back, for the hints under its buttons.
  const hints = (row: CardRow) =>
    Object.fromEntries(
      Object.entries(nextDues(row, now, targetRetention)).map(([g, d]) => [g, d.toISOString()]),
    )
  return {
    ...toPage(
      rows.map((row) => ({ ...row, id: row.card.id })),
      query.limit,
      (row) => toCard(row, open, lessons, hints),
      (row) => row.card.due,
    ),
    total,
  }
}

/** How many cards are due now, how many there are, and when the next comes due. */
export async function practiceSummary(ctx: AppContext, actor: SessionUser): Promise<PracticeSummary> {
  const { open, lessons, none } = await practisableNow(ctx, actor)
  if (none) return { due: 0, cards: 0, nextDue: null }
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`
  // One pass over the reader's cards (the (user_id, due, id) index): due now, all, the next after now.
  const [row] = await ctx.db
    .select({
      cards: count(),
      due: sql<number>`(count(*) filter (where ${practiceCard.due} <= ${now}))::int`,
      nextDue: sql<string | null>`min(${practiceCard.due}) filter (where ${practiceCard.due} > ${now})`,
    })
    .from(practiceCard)
    .where(practisable(actor, open, lessons))
  return { due: row.due, cards: row.cards, nextDue: row.nextDue ? new Date(row.nextDue).toISOString() : null }
}

const badAnswer = (message: string) =>
  new AppError('bad_request', 'That answer does not fit the question', { answer: message })

/** The answer must fit the question's kind and name only its options. */
function checkedAnswer(q: AttemptQuestion, answer: PracticeReviewInput['answer']): AnswerValue {
  if (q.kind === 'short') {
    if (answer.text === undefined) throw badAnswer('Type your answer')
    return { text: answer.text }
  }
  if (answer.optionIds === undefined) throw badAnswer('Choose an option')
  const ids = [...new Set(answer.optionIds)]
  const known = new Set(q.options.map((o) => o.id))
  if (ids.some((id) => !known.has(id))) throw badAnswer('Choose among the options')
  if (q.kind !== 'multiple' && ids.length > 1) throw badAnswer('Choose one option')
  return { optionIds: ids }
}

/** What the review of an answer may add, and what it leaves out and why. */
function disclosed(q: AttemptQuestion, access: ExamAccess) {
  const { shown, attemptsLeft } = access.disclosure
  // While the reader may attempt the exam again, a card is a mark only: its answers would help.
  if (attemptsLeft !== 0) return { withheld: 'attempts_left' as const }
  return {
    ...(shown.answers && { correctOptionIds: q.correctOptionIds, acceptedAnswers: q.acceptedAnswers }),
    ...(shown.explanations && q.explanation && { explanation: q.explanation }),
    withheld: shown.answers && shown.explanations ? null : ('by_author' as const),
  }
}

/**
 * Checks the reader's answer with the exams' scoring (right means full marks), reschedules the
 * card with FSRS at the reader's target retention (right: Good, not yet: Again), and answers with
 * what the exam's review options let this reader see now.
 */
export async function reviewCard(
  ctx: AppContext,
  actor: SessionUser,
  cardId: string,
  input: PracticeReviewInput,
): Promise<PracticeReviewResult> {
  const [found] = await ctx.db
    .select({ userId: practiceCard.userId, examId: practiceCard.examId })
    .from(practiceCard)
    .where(eq(practiceCard.id, cardId))
  if (!found || !practicePolicy.use(actor, found)) throw cardNotFound()
  if (!found.examId) {
    throw new AppError('bad_request', 'This card is graded, not answered', {
      answer: 'A Key idea is graded with Again, Hard, Good or Easy',
    })
  }
  const { open, running } = await practisableExams(ctx, actor, found.examId)
  if (running.has(found.examId)) {
    throw new AppError(
      'conflict',
      'Finish your attempt at this exam first: its questions come back to practice after it',
    )
  }
  const access = open.get(found.examId)
  // Waiting for the exam to show this reader their marks: listed nowhere, so not found either.
  if (!access) throw cardNotFound()
  const { targetRetention } = await getPracticeSettings(ctx, actor)
  return ctx.db.transaction(async (tx) => {
    // FOR UPDATE: two answers to one card at once are applied one after the other.
    const [card] = await tx.select().from(practiceCard).where(eq(practiceCard.id, cardId)).for('update')
    if (!card) throw cardNotFound()
    const q = card.question as AttemptQuestion
    const answer = checkedAnswer(q, input.answer)
    const correct = scoreQuestion(q, answer) === q.points
    const now = ctx.clock.now()
    const next = nextSchedule(card, correct ? 'good' : 'again', now, targetRetention)
    const [row] = await tx
      .update(practiceCard)
      .set({ ...next, updatedAt: now })
      .where(eq(practiceCard.id, card.id))
      .returning()
    return { correct, card: { id: row.id, ...toSchedule(row) }, ...disclosed(q, access) }
  })
}

export async function getPracticeSettings(ctx: AppContext, actor: SessionUser): Promise<PracticeSettings> {
  const [row] = await ctx.db
    .select({ targetRetention: profile.practiceRetention })
    .from(profile)
    .where(eq(profile.userId, actor.id))
  return { targetRetention: row?.targetRetention ?? PRACTICE_RETENTION_DEFAULT }
}

/** The target retention applies from the next answer on: cards already scheduled keep their due time. */
export async function updatePracticeSettings(
  ctx: AppContext,
  actor: SessionUser,
  input: PracticeSettings,
): Promise<PracticeSettings> {
  const targetRetention = Math.round(input.targetRetention * 100) / 100
  await ctx.db.update(profile).set({ practiceRetention: targetRetention }).where(eq(profile.userId, actor.id))
  return { targetRetention }
}
