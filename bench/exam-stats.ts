import { type SQL, sql } from 'drizzle-orm'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import { getExamStatistics } from '#server/modules/exams/index.ts'
import { expectJson, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, percentile, signUp } from './http.ts'
import { heading, int, ms, ratio, table } from './report.ts'
import { FLAT, loadTable, measurer, scaleTable } from './scale.ts'

// An exam's item statistics (GET /api/exams/:examId/statistics, decision 048) with 1,000 and then
// `attempts` submitted attempts behind them (one in ten a second attempt, which is not counted),
// ten questions of every kind, answers written by SQL from each taker's ability and each
// question's difficulty. Measured signed in as the author through HTTP against a bare Fastify
// route, and in-process one request at a time (the database's cost of one answer, without the
// queue 20 connections build); the large size's plan is printed with EXPLAIN ANALYZE.

export interface ExamStatsBenchContext extends BenchContext {
  smallAttempts: number
  largeAttempts: number
}

/** In-process calls of the statistics, one at a time, for their p50 alone. */
const ALONE = 10
/** Takers written per INSERT statement (ten answers each). */
const BATCH = 20_000
/** One taker in this many also has a second attempt (which the statistics leave out). */
const RETRY_EVERY = 10

const option = (id: string, text: string) => ({ id, text })
const single = (prompt: string, correct: string, texts: string[]) => ({
  kind: 'single',
  prompt,
  options: texts.map((text, i) => option(String.fromCharCode(97 + i), text)),
  correctOptionIds: [correct],
  points: 1,
})
const trueFalse = (prompt: string, correct: 'true' | 'false') => ({
  kind: 'true_false',
  prompt,
  options: [option('true', 'True'), option('false', 'False')],
  correctOptionIds: [correct],
  points: 1,
})

/** Ten questions: four single choice, two true/false, two multiple (one with partial credit), two short. */
export function statsExam() {
  return {
    title: 'Benchmark: statistics of a well-taken exam',
    subjectSlug: 'physics',
    durationMinutes: 30,
    passMark: 50,
    attemptsAllowed: 2,
    questions: [
      single('Unit of force?', 'b', ['Joule', 'Newton', 'Watt', 'Pascal']),
      single('Unit of power?', 'c', ['Joule', 'Newton', 'Watt', 'Pascal']),
      single('Unit of pressure?', 'd', ['Joule', 'Newton', 'Watt', 'Pascal']),
      single('Unit of energy?', 'a', ['Joule', 'Newton', 'Watt', 'Pascal']),
      trueFalse('Mass and weight are the same.', 'false'),
      trueFalse('Light travels faster than sound.', 'true'),
      {
        kind: 'multiple',
        prompt: 'Which are vectors?',
        options: [option('a', 'Velocity'), option('b', 'Mass'), option('c', 'Force'), option('d', 'Time')],
        correctOptionIds: ['a', 'c'],
        points: 2,
        partialCredit: true,
      },
      {
        kind: 'multiple',
        prompt: 'Which are SI base units?',
        options: [option('a', 'Metre'), option('b', 'Newton'), option('c', 'Kelvin'), option('d', 'Litre')],
        correctOptionIds: ['a', 'c'],
        points: 2,
      },
      {
        kind: 'short',
        prompt: 'Who wrote the Principia?',
        acceptedAnswers: ['Isaac Newton', 'Newton'],
        points: 1,
      },
      { kind: 'short', prompt: 'Symbol of the ohm?', acceptedAnswers: ['Ω', 'Omega'], points: 1 },
    ],
  }
}

/**
 * Per question: the right answer, the wrong ones a taker may give with what each scores (partial
 * credit gives some), and how hard it is (0–1).
 */
function answerKey(questions: { id: string; prompt: string; points: number }[]) {
  const none = (...values: unknown[]) => values.map((value) => ({ value, x: 0 }))
  const byPrompt: Record<
    string,
    { right: unknown; wrong: { value: unknown; x: number }[]; difficulty: number }
  > = {
    'Unit of force?': { right: ids('b'), wrong: none(ids('a'), ids('c'), ids('d')), difficulty: 0.2 },
    'Unit of power?': { right: ids('c'), wrong: none(ids('a'), ids('b')), difficulty: 0.4 },
    'Unit of pressure?': { right: ids('d'), wrong: none(ids('a'), ids('b'), ids('c')), difficulty: 0.6 },
    'Unit of energy?': { right: ids('a'), wrong: none(ids('b'), ids('c'), ids('d')), difficulty: 0.3 },
    'Mass and weight are the same.': { right: ids('false'), wrong: none(ids('true')), difficulty: 0.3 },
    'Light travels faster than sound.': { right: ids('true'), wrong: none(ids('false')), difficulty: 0.05 },
    // Partial credit: each right option chosen earns 1 of 2 points, each wrong one takes 1 away.
    'Which are vectors?': {
      right: ids('a', 'c'),
      wrong: [
        { value: ids('a'), x: 1 },
        { value: ids('c'), x: 1 },
        { value: ids('a', 'b', 'c'), x: 1 },
        { value: ids('b', 'd'), x: 0 },
      ],
      difficulty: 0.5,
    },
    'Which are SI base units?': {
      right: ids('a', 'c'),
      wrong: none(ids('a'), ids('a', 'b'), ids('a', 'c', 'd'), ids('d')),
      difficulty: 0.7,
    },
    'Who wrote the Principia?': {
      right: { text: 'Isaac Newton' },
      wrong: none(
        ...['Hooke', 'Galileo', 'Leibniz', 'Kepler', 'Halley', 'Descartes'].map((text) => ({ text })),
      ),
      difficulty: 0.35,
    },
    'Symbol of the ohm?': {
      right: { text: 'Ω' },
      wrong: none(...['O', 'R', 'W', 'Ohm'].map((text) => ({ text }))),
      difficulty: 0.5,
    },
  }
  return questions.map((q) => ({ id: q.id, points: q.points, ...byPrompt[q.prompt] }))
}
const ids = (...optionIds: string[]) => ({ optionIds })

/**
 * Grows the exam to `target` takers with one submitted first attempt each (one in RETRY_EVERY also
 * a second), ten answers per attempt (one in twenty questions left blank) and the score finalize
 * would have stored, in BATCH-taker statements. A taker's ability and each answer's luck come from
 * hashes, so every run writes the same answers. Returns the seconds it took.
 */
async function fillAttempts(
  db: Database['db'],
  examId: string,
  key: ReturnType<typeof answerKey>,
  target: number,
): Promise<number> {
  const started = performance.now()
  const [{ n: existing }] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from exam_attempt where exam_id = ${examId} and number = 1`,
    )
  ).rows
  const [{ snapshot, max }] = (
    await db.execute<{ snapshot: unknown; max: number }>(sql`
      select jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'prompt', prompt, 'options', options,
        'correctOptionIds', correct_option_ids, 'acceptedAnswers', accepted_answers, 'points', points,
        'partialCredit', partial_credit, 'explanation', explanation) order by position) as snapshot,
        sum(points)::float8 as max
      from exam_question where exam_id = ${examId}`)
  ).rows
  const keyValues = sql.join(
    key.map(
      (q) =>
        sql`(${q.id}::uuid, ${JSON.stringify(q.right)}::jsonb, ${q.points}::float8, ${JSON.stringify(q.wrong)}::jsonb, ${q.difficulty}::float8)`,
    ),
    sql`, `,
  )
  for (let from = Number(existing) + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1)
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-stats-taker-' || i, 'Bench Taker ' || i, 'bench-stats-taker-' || i || '@example.com', true
      from generate_series(${from}::int, ${to}::int) as i`)
    await db.execute(sql`
      insert into exam_attempt (exam_id, user_id, number, exam_version, questions, started_at, deadline,
                                submitted_at, score, max_score, percent, passed)
      select ${examId}::uuid, 'bench-stats-taker-' || i, n, 1, ${JSON.stringify(snapshot)}::jsonb,
             now() - (i * 60 + n * 20) * interval '1 second',
             now() - (i * 60 + n * 20) * interval '1 second' + interval '30 minutes',
             now() - (i * 60 + n * 20) * interval '1 second' + interval '10 minutes',
             0, ${max}, 0, false
      from generate_series(${from}::int, ${to}::int) as i
      cross join lateral (select 1 as n union all select 2 where i % ${RETRY_EVERY} = 0) as attempts`)
    // The answers and, in the same statement, each attempt's score from what its answers earn.
    await db.execute(sql`
      with key (id, right_value, points, wrong, difficulty) as (values ${keyValues}),
      taken as (
        select a.id, a.started_at, (hashtext(a.user_id) & 1023) / 1023.0 as ability
        from exam_attempt a
        where a.exam_id = ${examId}
          and a.user_id in (select 'bench-stats-taker-' || i from generate_series(${from}::int, ${to}::int) as i)
      ),
      generated as materialized (
        select t.id as attempt_id, k.id as question_id, t.started_at,
               case when luck.r < 0.25 + 0.7 * t.ability - 0.6 * k.difficulty then k.right_value
                    else k.wrong -> (luck.h % jsonb_array_length(k.wrong)) -> 'value' end as value,
               case when luck.r < 0.25 + 0.7 * t.ability - 0.6 * k.difficulty then k.points
                    else (k.wrong -> (luck.h % jsonb_array_length(k.wrong)) ->> 'x')::float8 end as x
        from taken t cross join key k
        cross join lateral (
          select (hashtext(t.id::text || k.id::text) & 1023) / 1023.0 as r,
                 (hashtext(k.id::text || t.id::text) & 1023) as h
        ) luck
        where luck.h % 20 <> 0
      ),
      answers as (
        insert into exam_answer (attempt_id, question_id, value, updated_at)
        select attempt_id, question_id, value, started_at + interval '5 minutes' from generated
        returning 1
      ),
      scores as (
        update exam_attempt a
        set score = s.score, percent = round((100 * s.score / a.max_score)::numeric, 1),
            passed = 100 * s.score / a.max_score >= 50
        from (select attempt_id, sum(x) as score from generated group by attempt_id) s
        where a.id = s.attempt_id
        returning 1
      )
      select (select count(*) from answers) as answers, (select count(*) from scores) as attempts`)
  }
  // The exam's counters, as finalize keeps them (the kept statistics are recomputed when they change).
  await db.execute(sql`
    update exam set (attempt_count, percent_sum) =
      (select count(*), coalesce(sum(percent), 0) from exam_attempt where exam_id = ${examId})
    where id = ${examId}`)
  await db.execute(sql`vacuum (analyze) exam_attempt, exam_answer, "user"`)
  return (performance.now() - started) / 1000
}

/** The plan of every statement the statistics send through `db.execute`, as EXPLAIN ANALYZE prints them. */
async function plansOf(ctx: AppContext, read: (ctx: AppContext) => Promise<unknown>): Promise<string> {
  const plans: string[] = []
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver)
      return async (query: SQL) => {
        const { rows } = await target.execute<{ 'QUERY PLAN': string }>(
          sql`explain (analyze, costs off) ${query}`,
        )
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'))
        // An answer of the shape the service reads, so it goes on to the end.
        return {
          rows: [
            {
              exam: { n: 0, sumT: 0, sumT2: 0, sumP: 0, sumP2: 0, attempts: 0 },
              items: [],
              seen: null,
              picks: [],
              answers: [],
            },
          ],
        }
      }
    },
  })
  await read({ ...ctx, db })
  return plans.join('\n\n')
}

type Statistics = { takers?: number; attempts?: number; cic?: number | null; questions?: unknown[] }

export async function examStatsBench(ctx: ExamStatsBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const db = database.db
  const failures: string[] = []
  const { measurements: m, measure } = measurer(settings, progress, failures)
  const bareUrl = await startBareApp(ctx.defer)
  const { app, url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)

  await expectJson(`${bareUrl}/bare`, {}, (b: { status?: string }) => b.status === 'ok')
  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)

  progress('exam-stats: a writer publishes a 10-question exam')
  const cookie = await signUp(appUrl, 'bench-stats-author@example.com')
  const me = (await call(appUrl, 'GET', '/api/me', cookie)).json as { id: string }
  const created = (await call(appUrl, 'POST', '/api/exams', cookie, statsExam())).json as {
    id: string
    questions: { id: string; prompt: string; points: number }[]
  }
  const examId = created.id
  await db.execute(sql`update exam set status = 'published', published_at = now() where id = ${examId}`)
  const key = answerKey(created.questions)
  const author = {
    id: me.id,
    name: 'bench',
    email: 'bench-stats-author@example.com',
    role: 'user',
  } as SessionUser
  const read = (c: AppContext) => getExamStatistics(c, author, examId)
  const url = `${appUrl}/api/exams/${examId}/statistics`

  const alone: Record<string, number> = {}
  const fills: Record<string, number> = {}
  const answers: Record<string, Statistics> = {}
  const measureSize = async (size: 'small' | 'large', takers: number) => {
    progress(`exam-stats: growing to ${int(takers)} takers`)
    fills[size] = await fillAttempts(db, examId, key, takers)
    progress(`  written in ${fills[size].toFixed(1)} s`)
    const retries = Math.floor(takers / RETRY_EVERY)
    await expectJson(url, { cookie }, (b: Statistics) => {
      answers[size] = b
      return b.takers === takers && b.attempts === takers + retries && b.questions?.length === 10
    })
    progress(`timing the statistics in-process, ${ALONE} calls one at a time`)
    // A copy of the context each time: its own (empty) kept statistics, so every call computes.
    for (let i = 0; i < 2; i++) await read({ ...app.ctx })
    const times: number[] = []
    for (let i = 0; i < ALONE; i++) {
      const t = performance.now()
      await read({ ...app.ctx })
      times.push(performance.now() - t)
    }
    alone[size] = percentile(times, 50)
    await measure(`statistics-${size}`, `GET …/statistics, ${int(takers)} takers`, url, { cookie })
  }

  await measureSize('small', ctx.smallAttempts)
  await measureSize('large', ctx.largeAttempts)
  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)
  const plan = await plansOf(app.ctx, read)

  const r = alone.large / alone.small
  const text = [
    heading('Exam statistics: the author reads an exam’s item statistics, against a bare Fastify route'),
    loadTable(m, ['bare', 'statistics-small', 'statistics-large', 'bare-again']),
    '',
    `Ten questions (4 single, 2 true/false, 2 multiple, 2 short); one taker in ${RETRY_EVERY} has a second attempt,`,
    `which is not counted; one answer in 20 is left blank. Writing the attempts took ${fills.small.toFixed(0)} s and ${fills.large.toFixed(0)} s.`,
    `CIC at each size: ${answers.small.cic}% and ${answers.large.cic}%.`,
    scaleTable(`Scale: ${int(ctx.smallAttempts)} → ${int(ctx.largeAttempts)} takers`, m, [
      ['statistics', 'GET /api/exams/:examId/statistics (author)'],
    ]),
    '',
    `The same read in-process, one at a time (${ALONE} calls after 2 warm-up), p50 ms:`,
    table(
      ['read', 'small', 'large', 'large/small', ''],
      [['getExamStatistics', ms(alone.small), ms(alone.large), ratio(r), r <= FLAT ? 'flat' : 'GROWS']],
    ),
    '',
    `The statement at ${int(ctx.largeAttempts)} takers, EXPLAIN ANALYZE:`,
    plan,
  ].join('\n')
  return { text, failures }
}
