import { sql } from 'drizzle-orm'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import type { Database } from '#server/db/client.ts'
import { expectJson, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import {
  call,
  type EventStreamClient,
  mapLimit,
  openEventStream,
  percentile,
  request,
  signUp,
} from './http.ts'
import { heading, int, loadRow, ms, ratio, share, table } from './report.ts'
import { loadOnce } from './scale.ts'

// Forums under load. (1) One thread with `replies` replies (10,000 by default, written by SQL):
// its first and its last page of replies, the thread itself, against a bare GET in the same run.
// Pages are ranges of reply positions on a unique index, so the goal is a last/first ratio near 1.
// (2) `viewers` live viewers (500) hold the thread's event stream open; each of `rounds` replies
// is POSTed and the time until every viewer has the `changed` event is compared with one plain
// HTTP round trip measured in the same run. Clients and server share this process, so the
// fan-out numbers include parsing 500 streams on the same event loop: a pessimistic reading.

export interface ForumsBenchContext extends BenchContext {
  replies: number
  viewers: number
  rounds: number
}

export async function forumsBench(ctx: ForumsBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const failures: string[] = []
  const bareUrl = await startBareApp(ctx.defer)
  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)

  progress('forums: a writer opens a thread in Mathematics')
  const author = await signUp(appUrl, 'bench-forum-author@example.com')
  const replier = await signUp(appUrl, 'bench-forum-replier@example.com')
  const created = await call(appUrl, 'POST', '/api/forum/subjects/mathematics/threads', author, {
    title: 'Benchmark thread: why does the harmonic series diverge?',
    bodyHtml: '<p>Each term goes to zero, yet the sum grows without bound. Why?</p>',
  })
  const threadId = (created.json as { id: string }).id

  progress(`forums: writing ${int(ctx.replies)} replies`)
  const fillSeconds = await fillReplies(database.db, threadId, ctx.replies)
  const lastPage = Math.ceil(ctx.replies / FORUM_REPLIES_PAGE_SIZE)
  const repliesUrl = (page: number) => `${appUrl}/api/forum/threads/${threadId}/replies?page=${page}`
  for (const page of [1, lastPage]) {
    await expectJson<{ items: { position: number }[]; pageCount: number }>(
      repliesUrl(page),
      {},
      (body) => body.pageCount === lastPage && body.items.length > 0,
    )
  }

  const measure = loadOnce(settings, progress, failures)
  const bare = await measure('bare Fastify: GET /bare', `${bareUrl}/bare`)
  const first = await measure('replies, first page', repliesUrl(1))
  const last = await measure(`replies, last page (${int(lastPage)})`, repliesUrl(lastPage))
  const thread = await measure('the thread, signed in', `${appUrl}/api/forum/threads/${threadId}`, {
    cookie: replier,
  })

  progress(`forums: ${int(ctx.viewers)} viewers open the thread's live stream`)
  const roundTrips: number[] = []
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    await request(`${appUrl}/api/health`, 'GET')
    roundTrips.push(performance.now() - t0)
  }
  const streams = await mapLimit(
    Array.from({ length: ctx.viewers }, (_, i) => i),
    50,
    () => openEventStream(`${appUrl}/api/forum/threads/${threadId}/stream`),
  )
  ctx.defer('close the thread streams', () => {
    for (const s of streams) s.close()
  })
  const { latencies, posts, missed } = await fanOut(ctx, appUrl, threadId, replier, streams)
  if (missed) failures.push(`${missed} deliveries missed`)

  const rt = percentile(roundTrips, 50)
  const text = [
    '',
    heading(`Forums: a thread of ${int(ctx.replies)} replies; a reply to ${int(ctx.viewers)} live viewers`),
    table(
      ['measurement', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs bare'],
      [
        loadRow('bare Fastify: GET /bare', bare, bare),
        loadRow('replies, page 1', first, bare),
        loadRow(`replies, page ${int(lastPage)} (the last)`, last, bare),
        loadRow('the thread (records the visit)', thread, bare),
      ],
    ),
    '',
    `last page vs first page: p50 ${ratio(last.p50 / first.p50)}, req/s ${share(last.rps / first.rps)} ` +
      `(${int(ctx.replies)} replies written by SQL in ${fillSeconds.toFixed(1)} s)`,
    '',
    table(
      ['measurement', 'p50 ms', 'p95 ms', 'p95 vs round trip'],
      [
        ['one plain HTTP round trip (GET /api/health)', ms(rt), ms(percentile(roundTrips, 95)), '1.00×'],
        [
          'POST a reply (positions, watchers, notifications)',
          ms(percentile(posts, 50)),
          ms(percentile(posts, 95)),
          ratio(percentile(posts, 95) / rt),
        ],
        [
          `reply sent → \`changed\` at each of ${int(ctx.viewers)} viewers`,
          ms(percentile(latencies, 50)),
          ms(percentile(latencies, 95)),
          ratio(percentile(latencies, 95) / rt),
        ],
      ],
    ),
    '',
    `deliveries: ${int(latencies.length)} of ${int(ctx.viewers * ctx.rounds)}` +
      `${missed ? ` (${missed} missed within 30 s)` : ', none missed'}; latency counts from just before`,
    'the POST, so it includes the request itself (the event can arrive before its response does).',
  ].join('\n')
  return { text, failures }
}

/** Each round: every viewer waits for its next `changed`; one reply is POSTed; arrivals are timed. */
async function fanOut(
  ctx: ForumsBenchContext,
  appUrl: string,
  threadId: string,
  cookie: string,
  streams: EventStreamClient[],
) {
  const latencies: number[] = []
  const posts: number[] = []
  let missed = 0
  for (let round = 0; round < ctx.rounds; round++) {
    const arrivals = streams.map((s) => s.next((event) => event === 'changed').catch(() => null))
    const t0 = performance.now()
    const res = await request(`${appUrl}/api/forum/threads/${threadId}/replies`, 'POST', cookie, {
      bodyHtml: `<p>Live reply ${round + 1}: compare it with the integral of 1/x.</p>`,
    })
    posts.push(performance.now() - t0)
    if (res.status !== 201) throw new Error(`reply failed: ${res.status} ${res.body}`)
    for (const at of await Promise.all(arrivals)) {
      if (at === null) missed++
      else latencies.push(at - t0)
    }
    ctx.progress(`forums: round ${round + 1}/${ctx.rounds} delivered`)
  }
  return { latencies, posts, missed }
}

/**
 * Appends `count` replies to the thread by SQL, with positions 1…count and the thread's reply_seq
 * and last activity moved on as the app does; the triggers keep the counts. Returns the seconds taken.
 */
async function fillReplies(db: Database['db'], threadId: string, count: number): Promise<number> {
  const started = performance.now()
  await db.execute(sql`
    insert into forum_reply (thread_id, author_id, position, body_html, created_at)
    select ${threadId}::uuid, t.author_id, i,
      '<p>Reply ' || i || ': the partial sums grow like the logarithm, slowly but without bound.</p>',
      now() - (${count}::int - i) * interval '1 second'
    from forum_thread t, generate_series(1, ${count}::int) as i
    where t.id = ${threadId}::uuid`)
  await db.execute(sql`
    update forum_thread set reply_seq = ${count}::int, last_activity_at = now() where id = ${threadId}::uuid`)
  await db.execute(sql`analyze forum_reply`)
  return (performance.now() - started) / 1000
}
