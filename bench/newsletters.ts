import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { startServer } from '../e2e/server.ts'
import { type Defer, type Driver, freshPgDatabase } from './database.ts'
import type { SectionReport } from './foundation.ts'
import { percentile, request, sessionCookie } from './http.ts'
import { BURST_GAP_MS, floorRate, HEAP_PROBE_OPTIONS, restart } from './newsletter-probes.ts'
import {
  type Bench,
  crashHalfway,
  SAMPLE_MS,
  SEND_BATCH,
  SEND_POLL_SECONDS,
  type SendResult,
  sendAndWait,
  type Writer,
} from './newsletter-send.ts'
import { heading, int, ms, ratio, share, table } from './report.ts'
import { startSmtpSink } from './smtp-sink.ts'

// A post's newsletter as production sends it (decision 046): the server runs as its own process
// (server/index.ts, as `npm start` runs it) with SMTP_URL pointing at a local sink, so its pg-boss
// workers fan the post out and mail it. Measured: (1) messages per second and the server's memory
// for a list of `subscribers` against one of `smallSubscribers`, each on a fresh process; (2) a
// `kill -9` of the server halfway through a send, a restart, and what the sink then holds by
// Message-ID (every recipient once is the goal; decision 046 allows one repeat per row in flight);
// (3) the publish request's latency for a writer with the large list against one with none. The
// floor: a bare nodemailer client sending the same mail to the same sink, one connection per
// message as Inkwell's mailer does, with no database.

export interface NewslettersBenchOptions {
  driver: Driver
  pgUrl: string
  subscribers: number
  smallSubscribers: number
  /** Timed publishes per list size (after 2 that are not counted). */
  publishes: number
  /** Wait for pg-boss to expire the send job the kill left active, instead of making it due. */
  realExpiry: boolean
  defer: Defer
  progress: (line: string) => void
}

const PASSWORD = 'bench-password-123'
const WARM_UP_PUBLISHES = 2
/** The send job's expiry (server/db/job-queue.ts), pg-boss's maintenance interval, the retry delay. */
const EXPIRY_NOTE = '600 s expiry, checked every 120 s, then a 60–120 s retry delay'
const FLOOR_MESSAGES = 1000
const BODY = Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: generated prose about harbours, lanterns and tides, long enough to read like a newsletter a writer would send to the people who follow them.</p>`,
).join('')

export async function newslettersBench(options: NewslettersBenchOptions): Promise<SectionReport> {
  const { defer, progress, subscribers, smallSubscribers } = options
  if (options.driver !== 'pg') {
    throw new Error(
      'the newsletters suite needs --driver pg: its server runs as its own process while the benchmark ' +
        'fills the same database in bulk, which the embedded database (one process) cannot share',
    )
  }
  const failures: string[] = []
  const databaseUrl = await freshPgDatabase(options.pgUrl, 'newsletters', defer)
  const sink = await startSmtpSink()
  defer('close the SMTP sink', () => sink.close())
  progress('newsletters: starting the server as its own process (pg), mail to a local SMTP sink')
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_SECRET: randomUUID().repeat(2),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${HEAP_PROBE_OPTIONS}`.trim(),
  })
  defer('stop the newsletters server', () => server.stop())
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  defer('close the benchmark’s database connection', () => db.end())
  const version = String((await db.query('select version() as v')).rows[0].v).split(',')[0]

  const api = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const res = await request(`${server.url}${path}`, method, cookie, body, server.url)
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`)
    return res
  }

  progress(`newsletters: three admin writers; ${int(subscribers)} readers in bulk SQL`)
  const names: Record<Writer, string> = {
    small: 'bench-nl-small',
    large: 'bench-nl-large',
    none: 'bench-nl-none',
  }
  for (const name of Object.values(names)) {
    await api('POST', '/api/auth/sign-up/email', undefined, {
      name,
      email: `${name}@example.com`,
      password: PASSWORD,
    })
  }
  // Admins publish their own posts at once: the submit is the publish that queues the newsletter.
  await db.query(`update "user" set role = 'admin', email_verified = true where email like 'bench-nl-%'`)
  const ids = new Map<string, string>(
    (await db.query(`select id, email from "user" where email like 'bench-nl-%'`)).rows.map((r) => [
      String(r.email).split('@')[0],
      String(r.id),
    ]),
  )
  const cookies = {} as Record<Writer, string>
  for (const writer of Object.keys(names) as Writer[]) {
    const res = await api('POST', '/api/auth/sign-in/email', undefined, {
      email: `${names[writer]}@example.com`,
      password: PASSWORD,
    })
    cookies[writer] = sessionCookie(res.cookies)
  }
  const seedStart = performance.now()
  await db.query(
    `insert into "user" (id, name, email, email_verified)
     select 'bench-nl-reader-' || i, 'Reader ' || i, 'reader-' || i || '@bench.example', true
     from generate_series(1, $1::int) as i`,
    [subscribers],
  )
  for (const [writer, count] of [
    ['large', subscribers],
    ['small', smallSubscribers],
  ] as const) {
    await db.query(
      `insert into subscription (subscriber_id, writer_id, kind)
       select 'bench-nl-reader-' || i, $1, 'free' from generate_series(1, $2::int) as i`,
      [ids.get(names[writer]), count],
    )
  }
  await db.query('analyze "user", subscription')
  const seedSeconds = (performance.now() - seedStart) / 1000

  const bench: Bench = {
    server,
    db,
    sink,
    progress,
    failures,
    async draft(writer, title) {
      const res = await api('POST', '/api/posts', cookies[writer], {
        title,
        category: 'fiction',
        excerpt: 'A benchmark newsletter.',
        bodyHtml: BODY,
        access: 'free',
        emailSubscribers: true,
      })
      return (JSON.parse(res.body) as { id: string }).id
    },
    async publish(writer, postId) {
      await api('POST', `/api/posts/${postId}/submit`, cookies[writer])
    },
  }

  // (1) The send, each list on a fresh server process so its memory is the send's.
  const sends: SendResult[] = []
  for (const [writer, count] of [
    ['small', smallSubscribers],
    ['large', subscribers],
  ] as const) {
    progress(`newsletters: restarting the server, then one post to ${int(count)} subscribers`)
    await restart(server, () => server.down())
    const result = await sendAndWait(bench, writer, count)
    sends.push(result)
    progress(
      `newsletters: ${int(count)} mails in ${(result.lastMs / 1000).toFixed(1)} s (${int(result.rate)}/s)`,
    )
  }

  // (2) kill -9 halfway, restart, and count at the sink.
  progress(`newsletters: one more post to ${int(subscribers)}; kill -9 halfway, restart`)
  const crash = await crashHalfway(bench, subscribers, options.realExpiry)

  // (3) The publish request on an idle server, interleaved between the writer with the large list
  // and the one with none. Each post is deleted (SQL) as soon as it answers, so the fan-out its job
  // runs later finds nothing: the request has done all its work by then.
  progress(`newsletters: publish latency, ${options.publishes} + ${WARM_UP_PUBLISHES} publishes per list`)
  const latency: Record<'large' | 'none', number[]> = { large: [], none: [] }
  for (let round = 0; round < options.publishes + WARM_UP_PUBLISHES; round++) {
    const order: ('large' | 'none')[] = round % 2 ? ['none', 'large'] : ['large', 'none']
    for (const writer of order) {
      const postId = await bench.draft(writer, `Publish latency ${writer} ${round}`)
      const t0 = performance.now()
      await bench.publish(writer, postId)
      const took = performance.now() - t0
      await db.query('delete from post where id = $1', [postId])
      if (round >= WARM_UP_PUBLISHES) latency[writer].push(took)
    }
  }

  progress(`newsletters: the floor, a bare nodemailer client sending ${FLOOR_MESSAGES} mails to the sink`)
  const floor = await floorRate(sink, BODY, FLOOR_MESSAGES)
  if (sink.withoutId() > 0) failures.push(`${sink.withoutId()} messages arrived without a Message-ID`)

  const [small, large] = sends
  const mib = (kib: number) => (kib / 1024).toFixed(1)
  const heapMiB = (bytes: number) => (bytes / 2 ** 20).toFixed(1)
  const p50 = { none: percentile(latency.none, 50), large: percentile(latency.large, 50) }
  const lines = [
    '',
    heading(`Newsletters: one post to ${int(subscribers)} subscribers through a local SMTP sink`),
    `${version}; database filled in ${seedSeconds.toFixed(1)} s (${int(subscribers)} readers, ` +
      `${int(subscribers + smallSubscribers)} free subscriptions with e-mail on, generate_series).`,
    'The server runs as its own process (server/index.ts, as `npm start` runs it) with SMTP_URL at the sink',
    '(smtp-server in the benchmark’s process, which keeps each Message-ID); its pg-boss workers send.',
    '',
    table(
      [
        'send (a fresh server process each)',
        'publish → first s',
        'publish → last s',
        'messages/s',
        'in bursts/s',
        'bursts',
        'RSS idle MiB',
        'RSS peak MiB',
        'heap before MiB',
        'heap after MiB',
      ],
      sends.map((s) => [
        `${int(s.recipients)} subscribers`,
        (s.firstMs / 1000).toFixed(2),
        (s.lastMs / 1000).toFixed(1),
        int(s.rate),
        int(s.burstRate),
        int(s.bursts),
        mib(s.rssIdleKiB),
        mib(s.rssPeakKiB),
        heapMiB(s.heapBefore),
        heapMiB(s.heapAfter),
      ]),
    ),
    `${int(subscribers)} / ${int(smallSubscribers)}: peak RSS ${ratio(large.rssPeakKiB / small.rssPeakKiB)} ` +
      `(over idle +${mib(small.rssPeakKiB - small.rssIdleKiB)} → +${mib(large.rssPeakKiB - large.rssIdleKiB)} MiB); ` +
      `heap kept after the send +${heapMiB(small.heapAfter - small.heapBefore)} → ` +
      `+${heapMiB(large.heapAfter - large.heapBefore)} MiB; messages/s ${ratio(large.rate / small.rate)}.`,
    `RSS: read every ${SAMPLE_MS} ms from publish to the last row done (VmRSS; VmHWM ${mib(small.hwmKiB)} and ` +
      `${mib(large.hwmKiB)} MiB, start-up included). Heap: in use after a full GC (heap-probe.mjs), just before`,
    'the publish and after the last row: what the process keeps, without garbage not yet collected.',
    `messages/s: publish → last mail. In bursts: mails over the time between mails under ${BURST_GAP_MS} ms apart`,
    `(a send job's ${SEND_BATCH} rows). A pg-boss worker's loop takes at least its polling interval ` +
      `(${SEND_POLL_SECONDS} s), work found or not,`,
    `so one process sends at most ${SEND_BATCH / SEND_POLL_SECONDS} mails/s however fast the rows go.`,
    `floor (a bare nodemailer client in the benchmark's process, one connection per message, no database): ` +
      `${int(floor)} messages/s; Inkwell at ${int(subscribers)} is ${share(large.rate / floor)} of it, ` +
      `${share(large.burstRate / floor)} in bursts.`,
    '',
    `kill -9 halfway (${int(subscribers)} recipients, a fresh post, on the process that sent the list above)`,
    table(
      ['', 'value'],
      [
        [
          'mails at the sink when killed',
          `${int(crash.atKill)} (${(crash.killMs / 1000).toFixed(1)} s after publish)`,
        ],
        ['rows marked sent when killed', int(crash.sentAtKill)],
        ['peak RSS until the kill', `${mib(crash.rssPeakKiB)} MiB`],
        ['restart (spawn → catch-up done, workers start)', `${(crash.restartMs / 1000).toFixed(1)} s`],
        [
          'restart → every row but the killed job’s done',
          crash.resumedMs === null ? '—' : `${(crash.resumedMs / 1000).toFixed(1)} s`,
        ],
        ['rows the killed job still held (queued)', int(crash.held)],
        [
          options.realExpiry ? 'restart → all done (the real expiry)' : 'restart → all done',
          `${(crash.doneMs / 1000).toFixed(1)} s`,
        ],
        ['recipients (delivery rows)', int(crash.recipients)],
        ['delivery rows by status', crash.statuses],
        ['messages at the sink', int(crash.total)],
        ['unique Message-IDs', int(crash.unique)],
        ['DUPLICATES (repeats of a Message-ID)', int(crash.duplicates)],
        ['MISSING (recipients without one)', int(crash.missing)],
      ],
    ),
    `Killed on a ${SEND_BATCH / 2}-row offset into a batch (a job in flight); the kill polls the sink every 20 ms.`,
    options.realExpiry
      ? `The killed job's rows waited for pg-boss to expire it (${EXPIRY_NOTE}).`
      : `The killed job's rows wait for pg-boss to expire it (${EXPIRY_NOTE}: 11–14 min); this run ` +
        'skipped the wait, making the job due (state retry, start now) once nothing else was queued. ' +
        '`--real-expiry` waits.',
    '',
    `publish request (POST /api/posts/:id/submit, an admin's own post: published, newsletter queued), ` +
      `${options.publishes} each after ${WARM_UP_PUBLISHES} not counted, interleaved, idle server:`,
    table(
      ['writer’s subscribers', 'p50 ms', 'p95 ms', 'min ms', 'max ms'],
      (['none', 'large'] as const).map((w) => [
        w === 'none' ? '0' : int(subscribers),
        ms(p50[w]),
        ms(percentile(latency[w], 95)),
        ms(Math.min(...latency[w])),
        ms(Math.max(...latency[w])),
      ]),
    ),
    `publish p50 ${int(subscribers)} / 0 subscribers: ${ratio(p50.large / p50.none)} (goal: within 1.2×)`,
  ]
  return { text: lines.join('\n'), failures }
}
