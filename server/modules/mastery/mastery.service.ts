import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { MasteryFigures, SubjectMastery } from '#common/schemas/mastery.ts'
import { PRACTICE_STATES } from '#common/schemas/practice.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { examPolicy } from '#server/core/policies/index.ts'
import { exam, examAttempt, practiceCard, subject } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { disclosureFor, finalizeExpiredAttempts } from '#server/modules/exams/index.ts'
import { masteryOf } from './rule.ts'

// Mastery per subject (decision 053), worked out on each read and only ever for the reader. The
// score of a submitted attempt is always shown to its taker (decision 012), so every best score
// counts. A practice card counts only while practice itself shows it (decision 049): the exam's
// review options show the reader their marks and no attempt of theirs at it is running. Any other
// card says which questions were missed, so it moves no level and no figure.

const REVIEW = PRACTICE_STATES.indexOf('review')

/**
 * One statement per read: the reader's attempts (the (user_id, exam_id, number) index) grouped by
 * exam with its subject, and their cards of those exams counted by the (user_id, due, id) index.
 */
async function examsTaken(ctx: AppContext, actor: SessionUser, subjectSlug?: string) {
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`
  const cards = ctx.db
    .select({
      examId: practiceCard.examId,
      cards: sql<number>`count(*)::int`.as('cards'),
      remembered:
        sql<number>`(count(*) filter (where ${practiceCard.state} = ${REVIEW} and ${practiceCard.due} > ${now}))::int`.as(
          'remembered',
        ),
    })
    .from(practiceCard)
    .where(and(eq(practiceCard.userId, actor.id), isNotNull(practiceCard.examId)))
    .groupBy(practiceCard.examId)
    .as('cards')
  return ctx.db
    .select({
      exam,
      subjectName: subject.name,
      attempts: sql<number>`count(*)::int`,
      running: sql<boolean>`bool_or(${examAttempt.submittedAt} is null)`,
      best: sql<
        number | null
      >`max(${examAttempt.percent}) filter (where ${examAttempt.submittedAt} is not null)`,
      cards: sql<number>`coalesce(max(${cards.cards}), 0)::int`,
      remembered: sql<number>`coalesce(max(${cards.remembered}), 0)::int`,
    })
    .from(examAttempt)
    .innerJoin(exam, eq(exam.id, examAttempt.examId))
    .innerJoin(subject, eq(subject.slug, exam.subjectSlug))
    .leftJoin(cards, eq(cards.examId, exam.id))
    .where(and(eq(examAttempt.userId, actor.id), subjectSlug ? eq(exam.subjectSlug, subjectSlug) : undefined))
    .groupBy(exam.id, subject.slug)
    .orderBy(asc(subject.name))
}

type ExamTaken = Awaited<ReturnType<typeof examsTaken>>[number]

/** Whether practice shows the reader this exam's cards now (practice.service.ts asks the same). */
const cardsShown = (actor: SessionUser, row: ExamTaken) =>
  !row.running &&
  disclosureFor(row.exam, row.attempts, examPolicy.seeStats(actor, row.exam)).shown.correctness

/** The figures of one subject from the rows of its exams. */
function figuresOf(actor: SessionUser, rows: ExamTaken[]): MasteryFigures {
  const scored = rows.flatMap((row) => (row.best === null ? [] : [row.best]))
  const shown = rows.filter((row) => cardsShown(actor, row))
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  return {
    exams: scored.length,
    averagePercent: scored.length ? Math.round((sum(scored) / scored.length) * 10) / 10 : null,
    cards: sum(shown.map((row) => row.cards)),
    remembered: sum(shown.map((row) => row.remembered)),
  }
}

function subjectMastery(actor: SessionUser, slug: string, name: string, rows: ExamTaken[]): SubjectMastery {
  const figures = figuresOf(actor, rows)
  return { subject: { slug, name }, ...figures, ...masteryOf(figures, name) }
}

/**
 * The reader's level in every subject they have submitted an exam in, by subject name, with the
 * figures behind each and what the next level needs. Other modules may call it (the dashboard).
 */
export async function readMastery(ctx: AppContext, actor: SessionUser): Promise<SubjectMastery[]> {
  // A timed-out attempt is finalised first: it is submitted, so its score counts.
  await finalizeExpiredAttempts(ctx, { userId: actor.id })
  const bySubject = new Map<string, ExamTaken[]>()
  for (const row of await examsTaken(ctx, actor)) {
    bySubject.set(row.exam.subjectSlug, [...(bySubject.get(row.exam.subjectSlug) ?? []), row])
  }
  return [...bySubject.values()]
    .map((rows) => subjectMastery(actor, rows[0].exam.subjectSlug, rows[0].subjectName, rows))
    .filter((mastery) => mastery.exams > 0)
}

/** The reader's level in one subject: null (with the first step) before their first exam in it. */
export async function readSubjectMastery(
  ctx: AppContext,
  actor: SessionUser,
  subjectSlug: string,
): Promise<SubjectMastery> {
  const [named] = await ctx.db
    .select({ name: subject.name })
    .from(subject)
    .where(eq(subject.slug, subjectSlug))
  if (!named) throw new AppError('not_found', 'That subject does not exist')
  await finalizeExpiredAttempts(ctx, { userId: actor.id })
  return subjectMastery(actor, subjectSlug, named.name, await examsTaken(ctx, actor, subjectSlug))
}
