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

// The author's item statistics (decision 048): one SQL statement scores each counted answer as
// scoring.ts does and returns sums, grouped per question, never rows per taker; statistics.ts
// turns the sums into Moodle's figures. Counted: each taker's first submitted attempt at the
// exam's current version, and its answers saved before its deadline (as finalize.service.ts
// counts them). The current version's questions are the live ones: a save once anyone has
// attempted a version starts the next (exams.service.ts), so every counted attempt snapshotted
// exactly these, in some order, maybe a drawn subset.

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

/** The sums behind one exam version's statistics, in one statement. */
export async function statisticsSums(db: Queryable, e: Pick<ExamRow, 'id' | 'version'>, drawn: boolean) {
  const value = sql.raw('r.value')
  const statement = sql`
    with keys as (
      select q.id, q.kind, q.points::float8 as points, q.partial_credit, q.correct_option_ids as correct,
        (select count(distinct c) from jsonb_array_elements_text(q.correct_option_ids) c)::float8 as correct_count,
        coalesce((select jsonb_agg(${normalized(sql`a`)}) from jsonb_array_elements_text(q.accepted_answers) a), '[]') as accepted
      from exam_question q
      where q.exam_id = ${e.id}
    ),
    firsts as (
      select a.id, a.deadline, a.max_score
      from exam_attempt a
      where a.exam_id = ${e.id} and a.exam_version = ${e.version} and a.submitted_at is not null
        and not exists (
          select 1 from exam_attempt b
          where b.user_id = a.user_id and b.exam_id = a.exam_id and b.exam_version = a.exam_version
            and b.submitted_at is not null and b.number < a.number
        )
    ),
    given as (
      select r.attempt_id, r.question_id, k.kind, k.points, k.partial_credit, k.correct, k.correct_count,
        k.accepted, r.value,
        case when k.kind = 'short' and ${value} ? 'text' then ${normalized(sql`(${value} ->> 'text')`)} end as norm
      from firsts f
      join exam_answer r on r.attempt_id = f.id and r.updated_at <= f.deadline
      join keys k on k.id = r.question_id
      where ${value} is not null
    ),
    responses as (
      select g.attempt_id, g.question_id, g.kind, g.value, g.norm,
        case
          when g.kind = 'short' then case when g.norm <> '' and g.accepted @> jsonb_build_array(g.norm) then g.points else 0 end
          when not (g.value ? 'optionIds') or jsonb_array_length(g.value -> 'optionIds') = 0 then 0
          when g.kind = 'multiple' and g.partial_credit then greatest(0, round((
            (select count(distinct o) filter (where g.correct @> jsonb_build_array(o))
                  - count(distinct o) filter (where not g.correct @> jsonb_build_array(o))
             from jsonb_array_elements_text(g.value -> 'optionIds') o) * g.points
            )::numeric / nullif(g.correct_count, 0)::numeric, 2))::float8
          when g.value -> 'optionIds' @> g.correct and g.correct @> (g.value -> 'optionIds') then g.points
          else 0
        end::float8 as x
      from given g
      where case when g.kind = 'short' then g.norm <> ''
        else g.value ? 'optionIds' and jsonb_array_length(g.value -> 'optionIds') > 0 end
    ),
    totals as (
      select f.id, f.max_score, coalesce(s.t, 0)::float8 as t
      from firsts f
      left join (select attempt_id, sum(x) as t from responses group by attempt_id) s on s.attempt_id = f.id
    )
    select
      (select jsonb_build_object(
          'attempts', (select count(*)::int from exam_attempt a
                       where a.exam_id = ${e.id} and a.exam_version = ${e.version} and a.submitted_at is not null),
          'n', count(*)::int,
          'sumT', coalesce(sum(t), 0), 'sumT2', coalesce(sum(t * t), 0),
          'sumP', coalesce(sum(100 * t / nullif(max_score, 0)), 0),
          'sumP2', coalesce(sum((100 * t / nullif(max_score, 0)) ^ 2), 0))
        from totals) as exam,
      (select coalesce(jsonb_agg(i), '[]') from (
          select r.question_id as id, count(*)::int as answered, sum(r.x) as "sumX", sum(r.x * r.x) as "sumX2",
            sum(r.x * t.t) as "sumXT"
          from responses r join totals t on t.id = r.attempt_id
          group by r.question_id) i) as items,
      ${
        drawn
          ? sql`(select coalesce(jsonb_agg(s), '[]') from (
          select (q ->> 'id') as id, count(*)::int as n, sum(t.t) as "sumT", sum(t.t * t.t) as "sumT2"
          from totals t join exam_attempt a on a.id = t.id cross join lateral jsonb_array_elements(a.questions) q
          group by 1) s)`
          : sql`null::jsonb`
      } as seen,
      (select coalesce(jsonb_agg(p), '[]') from (
          select r.question_id as id, o.option, count(*)::int as count
          from responses r
          cross join lateral (select distinct e as option from jsonb_array_elements_text(r.value -> 'optionIds') e) o
          where r.kind <> 'short'
          group by 1, 2) p) as picks,
      (select coalesce(jsonb_agg(s order by s.id, s.rank), '[]') from (
          select id, text, count, accepted, rank from (
            select r.question_id as id, mode() within group (order by r.value ->> 'text') as text,
              count(*)::int as count, bool_or(r.x > 0) as accepted,
              row_number() over (partition by r.question_id order by count(*) desc, r.norm) as rank
            from responses r
            where r.kind = 'short'
            group by r.question_id, r.norm) ranked
          where rank <= ${EXAM_STATS_TOP_ANSWERS}) s) as answers`
  const [row] = (await db.execute<StatisticsRow>(statement)).rows
  return row
}

const byId = <T extends { id: string }, V>(rows: T[], value: (row: T) => V) =>
  new Map(rows.map((row) => [row.id, value(row)]))

/**
 * The statistics of an exam's current version, for whoever may see its statistics (its author and
 * admins); anyone else gets the 404 of a missing exam, as GET …/stats does.
 */
export async function getExamStatistics(
  ctx: AppContext,
  actor: SessionUser,
  examId: string,
): Promise<ExamStatistics> {
  const [row] = await ctx.db.select().from(exam).where(eq(exam.id, examId))
  if (!row || !examPolicy.seeStats(actor, row)) throw notFound()
  await finalizeExpiredAttempts(ctx, { examId })
  const questions = await questionsOf(ctx.db, examId)
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
  return {
    examId: row.id,
    title: row.title,
    version: row.version,
    ...computed,
    computedAt: ctx.clock.now().toISOString(),
  }
}
