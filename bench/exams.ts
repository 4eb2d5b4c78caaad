import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, mapLimit, request, signUp } from './http.ts'
import type { LoadResult } from './load.ts'
import { heading, int, loadRow, share, table } from './report.ts'
import { loadOnce } from './scale.ts'

// The Exams Room under load. (1) N takers, each with their own session and running attempt on
// one exam, save answers as fast as they can (PUT /api/attempts/:id/answers/:questionId, an
// upsert behind a row lock on the attempt), against the same N clients PUTting the same JSON to a
// bare Fastify route, in the same run. (2) The leaderboard (top 100 with ranks, plus the caller's
// own rank) with exam_best grown to `bestRows` rows by SQL, against a bare GET.

export interface ExamsBenchContext extends BenchContext {
  /** Concurrent takers saving answers (default 500). */
  takers: number
  /** Best rows on the leaderboard's exam (default 100,000). */
  bestRows: number
}

const QUESTIONS = 10

interface Taker {
  cookie: string
  attemptId: string
  questionIds: string[]
}

export async function examsBench(ctx: ExamsBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const failures: string[] = []

  const bareUrl = await startBareApp(ctx.defer, (app) => {
    app.put('/bare/:id', async (req) => ({ saved: true, body: req.body }))
  })

  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)

  progress('exams: an admin publishes a 10-question exam')
  const author = await signUp(appUrl, 'bench-exam-author@example.com')
  await database.db.execute(
    sql`update "user" set role = 'admin' where email = 'bench-exam-author@example.com'`,
  )
  const created = await call(appUrl, 'POST', '/api/exams', author, benchExam())
  const examId = (created.json as { id: string }).id
  await call(appUrl, 'POST', `/api/exams/${examId}/submit`, author)

  progress(`exams: ${int(ctx.takers)} takers sign up and start an attempt`)
  const takers = await mapLimit(
    Array.from({ length: ctx.takers }, (_, i) => i),
    16,
    async (i) => {
      const cookie = await signUp(appUrl, `bench-taker-${i}@example.com`)
      const started = await call(appUrl, 'POST', `/api/exams/${examId}/attempts`, cookie)
      const state = started.json as { id: string; questions: { id: string }[] }
      return { cookie, attemptId: state.id, questionIds: state.questions.map((q) => q.id) } satisfies Taker
    },
  )

  progress(`exams: measuring bare PUT with ${int(ctx.takers)} concurrent clients`)
  const bareSaves = await saveLoop(ctx, takers, (t) => `${bareUrl}/bare/${t.attemptId}`)
  progress(`exams: measuring answer saves by ${int(ctx.takers)} concurrent takers`)
  const saves = await saveLoop(
    ctx,
    takers,
    (t, q) => `${appUrl}/api/attempts/${t.attemptId}/answers/${t.questionIds[q]}`,
  )
  if (saves.failed > 0) failures.push(`answer saves: ${saves.failed} non-2xx answers`)
  const [{ n: rows }] = (
    await database.db.execute<{ n: number }>(sql`select count(*)::int as n from exam_answer`)
  ).rows

  progress(`exams: growing the leaderboard to ${int(ctx.bestRows)} best attempts`)
  const fillSeconds = await fillBest(database.db, examId, ctx.bestRows)
  const viewer = takers[0].cookie
  const measure = loadOnce(settings, progress, failures)
  const bareGet = await measure('bare Fastify: GET /bare', `${bareUrl}/bare`)
  const board = await measure(
    `leaderboard, ${int(ctx.bestRows)} best rows, signed in`,
    `${appUrl}/api/exams/${examId}/leaderboard`,
    { cookie: viewer },
  )
  const check = await call(appUrl, 'GET', `/api/exams/${examId}/leaderboard`, viewer)
  const body = check.json as { rows: unknown[]; total: number; me: { rank: number } | null }
  if (body.rows.length !== 100 || body.total < ctx.bestRows) {
    failures.push(`leaderboard answered ${body.rows.length} rows of ${body.total}`)
  }

  const text = [
    '',
    heading(`Exams: ${int(ctx.takers)} takers saving answers; a leaderboard of ${int(ctx.bestRows)}`),
    table(
      ['measurement', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs bare'],
      [
        loadRow(`bare Fastify: PUT JSON, ${int(ctx.takers)} clients`, bareSaves, bareSaves),
        loadRow(`answer saves, ${int(ctx.takers)} takers (upsert)`, saves, bareSaves),
        loadRow('bare Fastify: GET /bare', bareGet, bareGet),
        loadRow(`leaderboard, ${int(ctx.bestRows)} best rows`, board, bareGet),
      ],
    ),
    '',
    `answer saves: ${int(saves.ok)} in ${saves.seconds.toFixed(1)} s, leaving ${int(rows)} answer rows ` +
      `(one per taker and question: last write wins); ${share(saves.rps / bareSaves.rps)} of the bare route's rate`,
    `leaderboard: ${int(ctx.bestRows)} rows inserted in ${fillSeconds.toFixed(1)} s; the caller's own rank ` +
      `(${body.me ? int(body.me.rank) : '—'}) is counted on every request`,
    'The PUT loops run in this process (one client per taker, keep-alive), for both the bare route and',
    'the app, so the ratio compares like with like; the GETs use autocannon in a worker thread.',
  ].join('\n')
  return { text, failures }
}

function benchExam() {
  return {
    title: 'Benchmark exam',
    subjectSlug: 'mathematics',
    durationMinutes: 300,
    passMark: 50,
    attemptsAllowed: null,
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({
      kind: 'single',
      prompt: `Question ${i + 1}: which is even?`,
      options: [
        { id: 'a', text: `${2 * i + 1}` },
        { id: 'b', text: `${2 * i + 2}` },
        { id: 'c', text: `${2 * i + 3}` },
      ],
      correctOptionIds: ['b'],
      points: 1,
    })),
  }
}

/**
 * Every taker saves answers in a loop (question q, then q+1…, a random option) for warm-up plus
 * duration; only the measured window counts.
 */
async function saveLoop(
  ctx: ExamsBenchContext,
  takers: Taker[],
  target: (t: Taker, q: number) => string,
): Promise<LoadResult> {
  const { warmup, duration } = ctx.settings
  const start = performance.now()
  const measureFrom = start + warmup * 1000
  const end = measureFrom + duration * 1000
  const times: number[] = []
  const statuses: Record<string, number> = {}
  let failed = 0
  await Promise.all(
    takers.map(async (t, i) => {
      for (let n = i; performance.now() < end; n++) {
        const url = target(t, n % QUESTIONS)
        const body = { value: { optionIds: [['a', 'b', 'c'][n % 3]] }, flagged: false }
        const sent = performance.now()
        const res = await request(url, 'PUT', t.cookie, body)
        const took = performance.now() - sent
        if (sent < measureFrom) continue
        statuses[res.status] = (statuses[res.status] ?? 0) + 1
        if (res.status >= 200 && res.status < 300) times.push(took)
        else failed++
      }
    }),
  )
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN
  return {
    rps: times.length / duration,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: times.reduce((s, x) => s + x, 0) / (times.length || 1),
    ok: times.length,
    failed,
    statuses,
    seconds: duration,
  }
}

/**
 * Fills exam_best for the exam up to `target` rows (people, their submitted attempts and best
 * rows, by SQL), with scores and times spread so ranks tie often. Returns the seconds it took.
 */
async function fillBest(db: Database['db'], examId: string, target: number): Promise<number> {
  const started = performance.now()
  await db.execute(sql`
    with people as (
      insert into "user" (id, name, email, email_verified)
      select gen_random_uuid()::text, 'Bench Taker ' || i, 'bench-board-' || i || '@example.com', true
      from generate_series(1, ${target}::int) as i
      returning id
    ), attempts as (
      insert into exam_attempt (exam_id, user_id, number, exam_version, questions, started_at, deadline,
        submitted_at, score, max_score, percent, passed)
      select ${examId}::uuid, id, 1, 1, '[]'::jsonb, now() - interval '1 hour', now(), now() - interval '30 minutes',
        s.score, ${QUESTIONS}, s.score * 100.0 / ${QUESTIONS}, s.score >= ${QUESTIONS / 2}
      from people, lateral (select (abs(hashtext(id)) % ${QUESTIONS + 1})::real as score) s
      returning id, user_id, score, percent, started_at, submitted_at
    )
    insert into exam_best (exam_id, exam_version, user_id, attempt_id, score, percent, duration_ms, submitted_at)
    select ${examId}::uuid, 1, user_id, id, score, percent, 60000 + (abs(hashtext(id::text)) % 600) * 1000, submitted_at
    from attempts`)
  await db.execute(sql`analyze exam_best`)
  return (performance.now() - started) / 1000
}
