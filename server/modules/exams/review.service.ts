import { and, asc, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { AuthorExam, ExamReviewItem } from '#common/schemas/exams.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { exam, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import type { ExamRow } from './exam-rows.ts'
import { cardColumns, getExamForEditing, notFound, toSettings } from './exams.service.ts'

// The admins' exam review queue and its two decisions, as for posts. Admin-only by the
// /api/admin scope's guard.

/** Pending exams, the longest waiting first: keyset on (updated_at, id) ascending. */
export async function listExamReviewQueue(ctx: AppContext, query: { cursor?: string; limit: number }) {
  const rows = await ctx.db
    .select(cardColumns)
    .from(exam)
    .innerJoin(user, eq(user.id, exam.authorId))
    .where(and(eq(exam.status, 'pending'), afterCursor(query.cursor, exam.updatedAt, exam.id, 'asc')))
    .orderBy(asc(exam.updatedAt), asc(exam.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((row) => ({ ...row, id: row.exam.id, createdAt: row.exam.updatedAt })),
    query.limit,
    (row): ExamReviewItem => ({
      ...toSettings(row.exam),
      author: row.author,
      questionCount: row.questionTotal,
    }),
  )
}

/** Moves a pending exam on; the status in the condition makes a second decision a 409. */
async function decide(
  ctx: AppContext,
  admin: SessionUser,
  id: string,
  change: PgUpdateSetSource<typeof exam>,
  notice: (row: ExamRow) => { kind: 'item_approved' | 'item_rejected'; message: string; link: string },
): Promise<AuthorExam> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(exam)
      .set({ ...change, updatedAt: ctx.clock.now() })
      .where(and(eq(exam.id, id), eq(exam.status, 'pending')))
      .returning()
    if (!row) {
      const [exists] = await tx.select({ id: exam.id }).from(exam).where(eq(exam.id, id))
      if (!exists) throw notFound()
      throw new AppError('conflict', 'This exam is not waiting for review')
    }
    const { kind, message, link } = notice(row)
    await notify(tx, row.authorId, kind, message, link)
  })
  return getExamForEditing(ctx, admin, id)
}

export async function approveExam(ctx: AppContext, admin: SessionUser, id: string): Promise<AuthorExam> {
  return decide(
    ctx,
    admin,
    id,
    // An exam edited after publication keeps its first publication date.
    {
      status: 'published',
      rejectionReason: null,
      publishedAt: sql`coalesce(${exam.publishedAt}, ${ctx.clock.now().toISOString()}::timestamptz)`,
    },
    (row) => ({
      kind: 'item_approved',
      message: `Your exam “${row.title}” is published.`,
      link: `/examroom/${row.id}`,
    }),
  )
}

export async function rejectExam(
  ctx: AppContext,
  admin: SessionUser,
  id: string,
  reason: string,
): Promise<AuthorExam> {
  return decide(ctx, admin, id, { status: 'rejected', rejectionReason: reason }, (row) => ({
    kind: 'item_rejected',
    message: `Your exam “${row.title}” was not published: ${reason}`,
    link: `/postexam?id=${row.id}`,
  }))
}
