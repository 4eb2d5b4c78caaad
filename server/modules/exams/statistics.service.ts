import { eq, type SQL, sql } from 'drizzle-orm'
import { EXAM_STATS_TOP_ANSWERS } from '#common/constants.ts'
import type { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { examPolicy } from '#server/core/policies/index.ts'
import { exam } from '#server/db/schema/index.ts'
import type { ExamRow } from './exam-rows.ts'
import { notFound, type Queryable, questionsOf } from './exams.service.ts'
import { finalizeExpiredAttempts } from './finalize.service.ts'
import {
  computeStatistics,
  type ExamSums,
  type QuestionSums,
  type ShortAnswerGroup,
  type TakerSums,
} from './statistics.ts'

// The author's item statistics (decision 048): one SQL statement groups the counted answers by
// question and value, scores each distinct answer as scoring.ts does and returns sums, never a row
// per taker; statistics.ts turns the sums into Moodle's figures. Counted: each taker's first
// submitted attempt at the exam's current version, and its answers saved before its deadline (as
// finalize.service.ts counts them). The current version's questions are the live ones: a save once
// anyone has attempted a version starts the next (exams.service.ts), so every counted attempt
// snapshotted exactly these, in some order, maybe a drawn subset.

/** JavaScript's \s, which scoring.ts strips from short answers; Postgres's own \s follows the locale. */
const WHITESPACE = String.raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+`

/** normalizeShortAnswer() in SQL: NFKC, lower case, no whitespace. */
const normalized = (text: SQL) => sql`regexp_replace(lower(normalize(${text}, NFKC)), ${WHITESPACE}, '', 'g')`

interface StatisticsRow {
  exam: ExamSums
  items: ({ id: string } & QuestionSums)[]
  seen: ({ id: string } & TakerSums)[] | null
  picks: { id: string; option: string; count: number }[]
  answers: ({ id: string; rank: number } & ShortAnswerGroup)[]
  [key: string]: unknown
}

/**
 * The sums behind one exam version's statistics, in one statement. Each taker's total T is the
 * score finalize stored (scoring.ts's, the same rules as below). The answers are read once and
 * grouped by question and value: how many gave that answer and the sum of their totals. Scoring
 * each distinct answer once then gives every sum the formulas need without a row per taker:
 * Σx = Σ n·x, Σx² = Σ n·x², ΣxT = Σ x·ΣT over the answer's group.
 */
export async function statisticsSums(db: Queryable, e: Pick<ExamRow, 'id' | 'version'>, drawn: boolean) {
  const statement = sql`
    with keys as (
      select q.id, q.kind, q.points::float8 as points, q.partial_credit, q.correct_option_ids as correct,
        (select count(distinct c) from jsonb_array_elements_text(q.correct_option_ids) c)::float8 as correct_count,
        coalesce((select jsonb_agg(${normalized(sql`a`)}) from jsonb_array_elements_text(q.accepted_answers) a), '[]') as accepted
      from exam_question q
      where q.exam_id = ${e.id}
    ),
    submitted as materialized (
      select a.id, a.user_id, a.number, a.deadline, a.score, a.max_score
      from exam_attempt a
      where a.exam_id = ${e.id} and a.exam_version = ${e.version} and a.submitted_at is not null
    ),
    firsts as (
      select s.id, s.deadline, coalesce(s.score, 0)::float8 as t,
        coalesce(100 * s.score / nullif(s.max_score, 0), 0)::float8 as p
      from submitted s
      where not exists (select 1 from submitted b where b.user_id = s.user_id and b.number < s.number)
    ),
    given as (
      select r.question_id, r.value, count(*)::int as n, sum(f.t) as sum_t
      from firsts f
      join exam_answer r on r.attempt_id = f.id and r.updated_at <= f.deadline
      where r.value is not null
      group by r.question_id, r.value
    ),
    normed as (
      select g.question_id, g.value, g.n, g.sum_t, k.kind, k.points, k.partial_credit, k.correct,
        k.correct_count, k.accepted,
        case when k.kind = 'short' and g.value ? 'text' then ${normalized(sql`(g.value ->> 'text')`)} end as norm
      from given g
      join keys k on k.id = g.question_id
    ),
    scored as (
      select question_id, value, n, sum_t, kind, norm,
        case when kind = 'short' then coalesce(norm <> '', false)
          else value ? 'optionIds' and jsonb_array_length(value -> 'optionIds') > 0 end as answered,
        case
          when kind = 'short' then case when norm <> '' and accepted @> jsonb_build_array(norm) then points else 0 end
          when not (value ? 'optionIds') or jsonb_array_length(value -> 'optionIds') = 0 then 0
          when kind = 'multiple' and partial_credit then greatest(0, round((
            (select count(distinct o) filter (where correct @> jsonb_build_array(o))
                  - count(distinct o) filter (where not correct @> jsonb_build_array(o))
             from jsonb_array_elements_text(value -> 'optionIds') o) * points
            )::numeric / nullif(correct_count, 0)::numeric, 2))::float8
          when value -> 'optionIds' @> correct and correct @> (value -> 'optionIds') then points
          else 0
        end::float8 as x
      from normed
    )
    select
      (select jsonb_build_object(
          'attempts', (select count(*)::int from submitted),
          'n', count(*)::int,
          'sumT', coalesce(sum(t), 0), 'sumT2', coalesce(sum(t * t), 0),
          'sumP', coalesce(sum(p), 0), 'sumP2', coalesce(sum(p * p), 0))
        from firsts) as exam,
      (select coalesce(jsonb_agg(i), '[]') from (
          select question_id as id, coalesce(sum(n) filter (where answered), 0)::int as answered,
            sum(n * x) as "sumX", sum(n * x * x) as "sumX2", sum(x * sum_t) as "sumXT"
          from scored
          group by question_id) i) as items,
      ${
        drawn
          ? sql`(select coalesce(jsonb_agg(s), '[]') from (
          select (q ->> 'id') as id, count(*)::int as n, sum(f.t) as "sumT", sum(f.t * f.t) as "sumT2"
          from firsts f join exam_attempt a on a.id = f.id cross join lateral jsonb_array_elements(a.questions) q
          group by 1) s)`
          : sql`null::jsonb`
      } as seen,
      (select coalesce(jsonb_agg(p), '[]') from (
          select s.question_id as id, o.option, sum(s.n)::int as count
          from scored s
          cross join lateral (select distinct e as option from jsonb_array_elements_text(s.value -> 'optionIds') e) o
          where s.kind <> 'short' and s.answered
          group by 1, 2) p) as picks,
      (select coalesce(jsonb_agg(s order by s.id, s.rank), '[]') from (
          select id, text, count, accepted, rank from (
            select question_id as id,
              (array_agg(value ->> 'text' order by n desc, value ->> 'text'))[1] as text,
              sum(n)::int as count, bool_or(x > 0) as accepted,
              row_number() over (partition by question_id order by sum(n) desc, norm) as rank
            from scored
            where kind = 'short' and answered
            group by question_id, norm) ranked
          where rank <= ${EXAM_STATS_TOP_ANSWERS}) s) as answers`
  const [row] = (await db.execute<StatisticsRow>(statement)).rows
  return row
}

const byId = <T extends { id: string }, V>(rows: T[], value: (row: T) => V) =>
  new Map(rows.map((row) => [row.id, value(row)]))

/**
 * Statistics already computed, per app and exam: reused while the exam's version, attempt counter
 * (kept by finalize on every submission) and last edit are the ones they were computed for, so an
 * author reading them again, or several at once, costs one computation per change (Moodle keeps
 * its quiz statistics 15 minutes; these are never older than the last submission). Per process:
 * each computes its own. A deleted account's attempt stays in them until the next submission.
 */
const kept = new WeakMap<AppContext, Map<string, { key: string; statistics: Promise<ExamStatistics> }>>()
const KEPT_EXAMS = 100

/**
 * The statistics of an exam's current version, for whoever may see its statistics (its author and
 * admins); anyone else gets the 404 of a missing exam, as GET …/stats does.
 */
export async function getExamStatistics(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
): Promise<ExamStatistics> {
  let [row] = await ctx.db.select().from(exam).where(eq(exam.id, examId))
  if (!row || !examPolicy.seeStats(actor, row)) throw notFound()
  if ((await finalizeExpiredAttempts(ctx, { examId })) > 0)
    [row] = await ctx.db.select().from(exam).where(eq(exam.id, examId))
  const key = `${row.version}:${row.attemptCount}:${row.updatedAt.getTime()}`
  const exams = kept.get(ctx) ?? new Map()
  kept.set(ctx, exams)
  const hit = exams.get(examId)
  exams.delete(examId)
  if (hit?.key === key) {
    exams.set(examId, hit)
    return hit.statistics
  }
  const statistics = computeExamStatistics(ctx, row)
  exams.set(examId, { key, statistics })
  if (exams.size > KEPT_EXAMS) exams.delete(exams.keys().next().value as string)
  statistics.catch(() => {
    if (exams.get(examId)?.statistics === statistics) exams.delete(examId)
  })
  return statistics
}

async function computeExamStatistics(ctx: AppContext, row: ExamRow): Promise<ExamStatistics> {
  const computedAt = ctx.clock.now().toISOString()
  const questions = await questionsOf(ctx.db, row.id)
  const drawn = row.drawCount !== null && row.drawCount < questions.length
  const sums = await statisticsSums(ctx.db, row, drawn)
  const picks = new Map<string, Map<string, number>>()
  for (const p of sums.picks) {
    const forQuestion = picks.get(p.id) ?? new Map<string, number>()
    forQuestion.set(p.option, p.count)
    picks.set(p.id, forQuestion)
  }
  const answers = new Map<string, ShortAnswerGroup[]>()
  for (const { id, rank: _, ...group } of sums.answers) answers.set(id, [...(answers.get(id) ?? []), group])
  const computed = computeStatistics({
    exam: sums.exam,
    questions,
    sums: byId(sums.items, ({ id: _, ...s }) => s),
    seen: sums.seen ? byId(sums.seen, ({ id: _, ...s }) => s) : null,
    picks,
    answers,
  })
  return { examId: row.id, title: row.title, version: row.version, ...computed, computedAt }
}
