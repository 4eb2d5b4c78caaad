import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { ExamCard, ExamIntro, ExamsQuery } from '#common/schemas/exams.ts'
import type { SearchQuery } from '#common/schemas/search.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { afterCursor, decodeRankCursor, type Page, toPage } from '#server/db/cursor.ts'
import { exam, examAttempt, user } from '#server/db/schema/index.ts'
import { cardColumns, findViewableExam, toCard } from './exams.service.ts'
import { finalizeExpiredAttempts } from './finalize.service.ts'

// Finding exams: the Exams Room's list (by subject, by writer, newest first), full-text search
// on exam.search_vector (title A, description B) best match first, and one exam's intro page.

type ListQuery = Pick<ExamsQuery, 'subject' | 'writer' | 'q' | 'cursor' | 'limit'>

/** Published exams: newest first, or with `q` best match first (websearch syntax). */
export async function listExams(ctx: AppContext, query: ListQuery): Promise<Page<ExamCard>> {
  const filters: Array<SQL | undefined> = [
    eq(exam.status, 'published'),
    query.subject ? eq(exam.subjectSlug, query.subject) : undefined,
    query.writer ? eq(exam.authorId, query.writer) : undefined,
  ]
  if (query.q) return rankedExams(ctx, query.q, filters, query)
  const rows = await ctx.db
    .select(cardColumns)
    .from(exam)
    .innerJoin(user, activeAuthor(exam.authorId))
    .where(and(...filters, afterCursor(query.cursor, exam.publishedAt, exam.id)))
    .orderBy(desc(exam.publishedAt), desc(exam.id))
    .limit(query.limit + 1)
  return toPage(
    rows.map((row) => ({ ...row, id: row.exam.id })),
    query.limit,
    toCard,
    (row) => row.exam.publishedAt ?? row.exam.createdAt,
  )
}

async function rankedExams(
  ctx: AppContext,
  q: string,
  filters: Array<SQL | undefined>,
  page: { cursor?: string; limit: number },
): Promise<Page<ExamCard>> {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`
  const [{ tree }] = (await ctx.db.execute<{ tree: string }>(sql`select querytree(${tsquery}) as tree`)).rows
  // '' when nothing is left to look up (stop words only); 'T' when no term can use the index.
  if (tree === '' || tree === 'T') return { items: [], nextCursor: null }
  const rank = sql<string>`round(ts_rank(${exam.searchVector}, ${tsquery})::numeric, 6)`
  const cursor = page.cursor ? decodeRankCursor(page.cursor) : null
  const rows = await ctx.db
    .select({ ...cardColumns, rank })
    .from(exam)
    .innerJoin(user, activeAuthor(exam.authorId))
    .where(
      and(
        ...filters,
        sql`${exam.searchVector} @@ ${tsquery}`,
        cursor ? sql`(${rank}, ${exam.id}) < (${cursor.rank}::numeric, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(rank), desc(exam.id))
    .limit(page.limit + 1)
  return toPage(
    rows.map((row) => ({ ...row, id: row.exam.id })),
    page.limit,
    toCard,
    (row) => String(row.rank),
  )
}

/** `GET /api/search/exams`: the search page's Exams tab. */
export const searchExams = (ctx: AppContext, query: SearchQuery) => listExams(ctx, query)

/** The page before Start: the card, the instructions, and the caller's attempts so far. */
export async function getExamIntro(
  ctx: AppContext,
  viewer: SessionUser | null,
  examId: string,
): Promise<ExamIntro> {
  if (viewer) await finalizeExpiredAttempts(ctx, { examId, userId: viewer.id })
  const card = await findViewableExam(ctx, viewer, examId)
  const mine = viewer
    ? await ctx.db
        .select({ id: examAttempt.id, submittedAt: examAttempt.submittedAt })
        .from(examAttempt)
        .where(and(eq(examAttempt.examId, examId), eq(examAttempt.userId, viewer.id)))
    : []
  const allowed = card.exam.attemptsAllowed
  return {
    ...toCard(card),
    instructions: card.exam.instructions,
    myAttempts: mine.length,
    attemptsLeft: allowed === null ? null : Math.max(0, allowed - mine.length),
    inProgressAttemptId: mine.find((a) => !a.submittedAt)?.id ?? null,
  }
}
