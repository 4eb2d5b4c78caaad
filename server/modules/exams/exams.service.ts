import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AuthorExam, ExamCard, ExamQuestion, SaveExamInput } from '#common/schemas/exams.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { authorize, examPolicy } from '#server/core/policies/index.ts'
import type { Tx } from '#server/db/client.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { exam, examAttempt, examQuestion, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { subjectExists } from '#server/modules/subjects/index.ts'
import { reviewOptionsOf } from './disclosure.ts'
import type { ExamRow, QuestionRow } from './exam-rows.ts'

// Building and managing exams, and the row-to-shape helpers the other exam services share.
// Editing rule: while nobody has attempted the current version, an exam is edited in place; once
// someone has, a save makes version + 1 (attempts keep the questions they snapshotted, and the
// leaderboard starts afresh for the new version).

/** The app's database or a transaction on it. */
export type Queryable = AppContext['db'] | Tx

export const notFound = () => new AppError('not_found', 'That exam does not exist')

const iso = (d: Date | null) => d?.toISOString() ?? null

export const toSettings = (e: ExamRow) => ({
  id: e.id,
  authorId: e.authorId,
  title: e.title,
  description: e.description,
  subjectSlug: e.subjectSlug,
  instructions: e.instructions,
  durationMinutes: e.durationMinutes,
  passMark: e.passMark,
  attemptsAllowed: e.attemptsAllowed,
  shuffleQuestions: e.shuffleQuestions,
  shuffleOptions: e.shuffleOptions,
  drawCount: e.drawCount,
  review: reviewOptionsOf(e),
  status: e.status,
  rejectionReason: e.rejectionReason,
  version: e.version,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
  publishedAt: iso(e.publishedAt),
})

/** The average percentage from the counters kept on submit (null before the first attempt). */
export const averageOf = (e: Pick<ExamRow, 'attemptCount' | 'percentSum'>) =>
  e.attemptCount > 0 ? Math.round((e.percentSum / e.attemptCount) * 10) / 10 : null

/** How many questions one attempt gets: the draw, or all of them. */
const perAttempt = (e: ExamRow, total: number) => (e.drawCount ? Math.min(e.drawCount, total) : total)

/** Columns for a card: the exam, its author and its number of questions. */
export const cardColumns = {
  exam,
  author: { id: user.id, name: user.name, image: user.image },
  questionTotal: sql<number>`(select count(*)::int from ${examQuestion} where ${examQuestion.examId} = ${exam.id})`,
}

export type CardRow = {
  exam: ExamRow
  author: { id: string; name: string; image: string | null }
  questionTotal: number
}

export const toCard = ({ exam: e, author, questionTotal }: CardRow): ExamCard => ({
  id: e.id,
  title: e.title,
  description: e.description,
  subjectSlug: e.subjectSlug,
  durationMinutes: e.durationMinutes,
  passMark: e.passMark,
  attemptsAllowed: e.attemptsAllowed,
  publishedAt: iso(e.publishedAt),
  author,
  questionCount: perAttempt(e, questionTotal),
  attempts: e.attemptCount,
  averagePercent: averageOf(e),
})

export async function loadCard(db: Queryable, examId: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(exam)
    .innerJoin(user, eq(user.id, exam.authorId))
    .where(eq(exam.id, examId))
  return row
}

/** The exam the actor may manage (its author, or an admin); anyone else gets the 404 of a missing one. */
export async function findManageableExam(ctx: AppContext, actor: SessionUser, id: string): Promise<ExamRow> {
  const [row] = await ctx.db.select().from(exam).where(eq(exam.id, id))
  if (!row || !examPolicy.manage(actor, row)) throw notFound()
  return row
}

/**
 * An exam as the viewer may see it: published, or theirs to manage, or one they have attempted
 * (a taker keeps their results when an edit sends the exam back to review).
 */
export async function findViewableExam(
  ctx: AppContext,
  viewer: SessionUser | null,
  id: string,
): Promise<CardRow> {
  const row = await loadCard(ctx.db, id)
  if (!row) throw notFound()
  if (row.exam.status === 'published' || examPolicy.manage(viewer, row.exam)) return row
  if (viewer) {
    const [attempted] = await ctx.db
      .select({ id: examAttempt.id })
      .from(examAttempt)
      .where(and(eq(examAttempt.examId, id), eq(examAttempt.userId, viewer.id)))
      .limit(1)
    if (attempted) return row
  }
  throw notFound()
}

const toQuestion = (q: QuestionRow): ExamQuestion => ({
  id: q.id,
  position: q.position,
  kind: q.kind,
  prompt: q.prompt,
  options: q.options,
  correctOptionIds: q.correctOptionIds,
  acceptedAnswers: q.acceptedAnswers,
  points: q.points,
  partialCredit: q.partialCredit,
  explanation: q.explanation,
})

export const questionsOf = (db: Queryable, examId: string) =>
  db.select().from(examQuestion).where(eq(examQuestion.examId, examId)).orderBy(asc(examQuestion.position))

const attemptsOnVersion = async (db: Queryable, e: Pick<ExamRow, 'id' | 'version'>) => {
  const [row] = await db
    .select({ id: examAttempt.id })
    .from(examAttempt)
    .where(and(eq(examAttempt.examId, e.id), eq(examAttempt.examVersion, e.version)))
    .limit(1)
  return !!row
}

export async function toAuthorExam(db: Queryable, e: ExamRow): Promise<AuthorExam> {
  return {
    ...toSettings(e),
    questions: (await questionsOf(db, e.id)).map(toQuestion),
    hasAttempts: await attemptsOnVersion(db, e),
  }
}

/** Checks what the schema cannot: the subject exists, and the draw fits the questions. */
async function checkInput(ctx: AppContext, input: SaveExamInput): Promise<void> {
  const fields: Record<string, string> = {}
  if (!(await subjectExists(ctx, input.subjectSlug))) fields.subjectSlug = 'Choose a subject from the list'
  if (input.drawCount !== null && input.drawCount > input.questions.length) {
    fields.drawCount = `Draw at most ${input.questions.length} questions: that is how many the exam has`
  }
  if (Object.keys(fields).length > 0)
    throw new AppError('bad_request', 'Some fields need your attention', fields)
}

const settingsOf = (input: SaveExamInput) => ({
  title: input.title,
  description: input.description,
  subjectSlug: input.subjectSlug,
  instructions: input.instructions,
  durationMinutes: input.durationMinutes,
  passMark: input.passMark,
  attemptsAllowed: input.attemptsAllowed,
  shuffleQuestions: input.shuffleQuestions,
  shuffleOptions: input.shuffleOptions,
  drawCount: input.drawCount,
  reviewCorrectness: input.review.correctness,
  reviewAnswers: input.review.answers,
  reviewExplanations: input.review.explanations,
})

/**
 * Replaces the exam's questions with the input's, in order. An id the exam already has is kept
 * (an edit keeps the question's identity); any other id, or one given twice, gets a new one.
 */
async function writeQuestions(tx: Tx, examId: string, input: SaveExamInput): Promise<void> {
  const existing = new Set(
    (await tx.select({ id: examQuestion.id }).from(examQuestion).where(eq(examQuestion.examId, examId))).map(
      (r) => r.id,
    ),
  )
  await tx.delete(examQuestion).where(eq(examQuestion.examId, examId))
  if (input.questions.length === 0) return
  const used = new Set<string>()
  await tx.insert(examQuestion).values(
    input.questions.map((q, position) => {
      const id = q.id && existing.has(q.id) && !used.has(q.id) ? q.id : randomUUID()
      used.add(id)
      // Only what the kind uses is stored: a short answer has no options, a choice no accepted texts.
      const short = q.kind === 'short'
      return {
        id,
        examId,
        position,
        kind: q.kind,
        prompt: q.prompt,
        options: short ? [] : q.options,
        correctOptionIds: short ? [] : q.correctOptionIds,
        acceptedAnswers: short ? q.acceptedAnswers : [],
        points: q.points,
        partialCredit: q.kind === 'multiple' && q.partialCredit,
        explanation: q.explanation,
      }
    }),
  )
}

export async function createExam(
  ctx: AppContext,
  actor: SessionUser,
  input: SaveExamInput,
): Promise<AuthorExam> {
  await checkInput(ctx, input)
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now()
    const [row] = await tx
      .insert(exam)
      .values({ ...settingsOf(input), authorId: actor.id, status: 'draft', createdAt: now, updatedAt: now })
      .returning()
    await writeQuestions(tx, row.id, input)
    return toAuthorExam(tx, row)
  })
}

export async function getExamForEditing(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<AuthorExam> {
  return toAuthorExam(ctx.db, await findManageableExam(ctx, actor, id))
}

export async function updateExam(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SaveExamInput,
): Promise<AuthorExam> {
  await findManageableExam(ctx, actor, id)
  await checkInput(ctx, input)
  return ctx.db.transaction(async (tx) => {
    // FOR UPDATE against Start's FOR KEY SHARE: no attempt can begin between the check and the write.
    const [before] = await tx.select().from(exam).where(eq(exam.id, id)).for('update')
    if (!before) throw notFound()
    const version = (await attemptsOnVersion(tx, before)) ? before.version + 1 : before.version
    // Like posts: a published exam changed by its author is reviewed again; an admin's edit is not.
    const status = before.status === 'published' && !examPolicy.publish(actor) ? 'pending' : before.status
    const [row] = await tx
      .update(exam)
      .set({ ...settingsOf(input), version, status, updatedAt: ctx.clock.now() })
      .where(eq(exam.id, id))
      .returning()
    await writeQuestions(tx, id, input)
    return toAuthorExam(tx, row)
  })
}

/** Draft or rejected → pending; an admin's own exam is published at once. */
export async function submitExam(ctx: AppContext, actor: SessionUser, id: string): Promise<AuthorExam> {
  const before = await findManageableExam(ctx, actor, id)
  authorize(examPolicy.submit, actor, before, 'Only the author can submit this exam')
  if (before.status !== 'draft' && before.status !== 'rejected') {
    throw new AppError('conflict', 'Only a draft or a rejected exam can be submitted')
  }
  const [{ n }] = await ctx.db.select({ n: count() }).from(examQuestion).where(eq(examQuestion.examId, id))
  if (n === 0) {
    throw new AppError('bad_request', 'Add a question before submitting', {
      questions: 'Add at least one question',
    })
  }
  const now = ctx.clock.now()
  const publish = examPolicy.publish(actor)
  const [row] = await ctx.db
    .update(exam)
    .set({
      status: publish ? 'published' : 'pending',
      rejectionReason: null,
      publishedAt: publish ? (before.publishedAt ?? now) : before.publishedAt,
      updatedAt: now,
    })
    // The status in the condition: two submits at once cannot both pass.
    .where(and(eq(exam.id, id), inArray(exam.status, ['draft', 'rejected'])))
    .returning()
  if (!row) throw new AppError('conflict', 'Only a draft or a rejected exam can be submitted')
  return toAuthorExam(ctx.db, row)
}

/**
 * Deleting an exam deletes everyone's attempts and leaderboard rows with it. An author may delete
 * an exam nobody has taken; once people have, only an admin may (moderation), so a writer cannot
 * erase other people's results.
 */
export async function deleteExam(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  const found = await findManageableExam(ctx, actor, id)
  if (!examPolicy.deleteTaken(actor, found)) {
    const [taken] = await ctx.db
      .select({ id: examAttempt.id })
      .from(examAttempt)
      .where(eq(examAttempt.examId, id))
      .limit(1)
    if (taken) {
      throw new AppError(
        'conflict',
        'People have taken this exam, so it cannot be deleted. Edit it to publish a new version instead.',
      )
    }
  }
  await ctx.db.delete(exam).where(eq(exam.id, id))
}

/** My exams, most recently changed first. */
export async function listMyExams(
  ctx: AppContext,
  actor: SessionUser,
  query: { cursor?: string; limit: number },
) {
  const rows = await ctx.db
    .select(cardColumns)
    .from(exam)
    .innerJoin(user, eq(user.id, exam.authorId))
    .where(and(eq(exam.authorId, actor.id), afterCursor(query.cursor, exam.updatedAt, exam.id)))
    .orderBy(desc(exam.updatedAt), desc(exam.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((row) => ({ ...row, id: row.exam.id, createdAt: row.exam.updatedAt })),
    query.limit,
    (row) => ({
      ...toSettings(row.exam),
      questionCount: perAttempt(row.exam, row.questionTotal),
      attempts: row.exam.attemptCount,
      averagePercent: averageOf(row.exam),
    }),
  )
}
