import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { freePort, startServer } from '../e2e/server.ts'
import { type Defer, type Driver, freshPgDatabase } from './database.ts'
import type { SectionReport } from './foundation.ts'
import { type EventStreamClient, openEventStream, percentile, request, sessionCookie } from './http.ts'
import { heading, int, ms, ratio, table } from './report.ts'

// Live delivery at scale: N concurrent Server-Sent Events clients (several per demo account, as
// browser tabs are), an admin broadcast, and the time from the broadcast's commit to each client's
// receipt, against one plain HTTP round trip measured in the same run. The server runs as its own
// process (as `npm start` runs it) so its memory per connection can be read from /proc. Then the
// same client measures a bare Node server writing the same event to as many streams
// (fan-out-server.ts): the floor that the machine itself sets, one process writing to and one
// reading from 1,000 sockets on the same cores. Each part starts with one broadcast it does not
// count, so that neither is measured while its code paths are still cold.

export interface NotificationsBenchOptions {
  driver: Driver
  pgUrl: string
  clients: number
  rounds: number
  defer: Defer
  progress: (line: string) => void
}

const DEMO = ['admin@inkwell.test', 'grace@inkwell.test', 'tomas@inkwell.test']
const DEMO_PASSWORD = 'inkwell-demo'
const ROUND_TRIPS_PER_ROUND = 10

export async function notificationsBench(options: NotificationsBenchOptions): Promise<SectionReport> {
  const { clients, rounds, defer, progress } = options
  const env: Record<string, string> = {
    SEED_DEMO: 'true',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_SECRET: randomUUID().repeat(2),
  }
  if (options.driver === 'pg') env.DATABASE_URL = await freshPgDatabase(options.pgUrl, 'notify', defer)
  progress(`notifications: starting the server as its own process (${options.driver})`)
  const server = await startServer(env)
  defer('stop the notifications server', () => server.stop())
  const origin = server.url

  const cookies = await Promise.all(DEMO.map((email) => signIn(origin, email)))
  const adminCookie = cookies[0]

  // One plain HTTP round trip, the unit the delivery latency is compared with: warmed up first,
  // then measured after each counted broadcast, with the streams open as the deliveries are.
  const roundTrips: number[] = []
  const measureRoundTrips = async (count: number, keep: boolean) => {
    for (let i = 0; i < count; i++) {
      const t = performance.now()
      await request(`${origin}/api/health`, 'GET', undefined, undefined, origin)
      if (keep) roundTrips.push(performance.now() - t)
    }
  }
  await measureRoundTrips(100, false)

  const rssBefore = rssKiB(server.pid)
  progress(`notifications: opening ${clients} event streams`)
  const streams = await Promise.all(
    Array.from({ length: clients }, (_, i) =>
      openEventStream(`${origin}/api/notifications/stream`, cookies[i % cookies.length]),
    ),
  )
  defer('close the event streams', () => {
    for (const s of streams) s.close()
  })
  await new Promise((r) => setTimeout(r, 1000))
  const rssAfter = rssKiB(server.pid)
  // The demo's seed wrote a lot: flush it now, or a checkpoint during the first broadcast stalls
  // its commit (one insert measured 258 ms in one of three runs).
  if (options.driver === 'pg') await checkpoint(options.pgUrl)

  const latencies: number[] = []
  const posts: number[] = []
  let missed = 0
  let sample = ''
  for (let round = -1; round < rounds; round++) {
    const message = `Benchmark round ${round} ${randomUUID()}`
    const arrivals = streams.map((s) =>
      s.next((event, data) => {
        if (event !== 'created' || !data.includes(message)) return false
        sample = data
        return true
      }),
    )
    const t0 = performance.now()
    const res = await request(
      `${origin}/api/admin/notifications`,
      'POST',
      adminCookie,
      { message, to: 'all' },
      origin,
    )
    const answered = performance.now() - t0
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`broadcast failed: ${res.status} ${res.body}`)
    const results = await Promise.all(arrivals.map((a) => a.catch(() => null)))
    if (round < 0) continue
    await measureRoundTrips(ROUND_TRIPS_PER_ROUND, true)
    posts.push(answered)
    for (const at of results) {
      if (at === null) missed++
      else latencies.push(at - t0)
    }
    progress(
      `notifications: round ${round + 1}/${rounds} delivered to ${results.filter((r) => r !== null).length} streams`,
    )
  }
  for (const s of streams) s.close()

  progress(`notifications: a bare Node server writing the same event to ${clients} streams`)
  const floor = await fanOutFloor(clients, rounds, sample, defer)

  const rt = percentile(roundTrips, 50)
  const rt95 = percentile(roundTrips, 95)
  const perConnectionKiB = (rssAfter - rssBefore) / clients
  const rows = [
    ['one plain HTTP round trip (GET /api/health)', ms(rt), ms(rt95), '1.00×', '1.00×'],
    [
      'broadcast request (one row; accounts notified after it answers)',
      ms(percentile(posts, 50)),
      ms(percentile(posts, 95)),
      ratio(percentile(posts, 50) / rt),
      ratio(percentile(posts, 95) / rt95),
    ],
    [
      `commit → receipt, ${int(clients)} streams`,
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 95)),
      ratio(percentile(latencies, 50) / rt),
      ratio(percentile(latencies, 95) / rt95),
    ],
    [
      `bare Node server: request → receipt, ${int(clients)} streams`,
      ms(percentile(floor, 50)),
      ms(percentile(floor, 95)),
      ratio(percentile(floor, 50) / rt),
      ratio(percentile(floor, 95) / rt95),
    ],
  ]
  const text = [
    '',
    heading(`Notifications: ${int(clients)} live streams, ${rounds} broadcasts`),
    table(['measurement', 'p50 ms', 'p95 ms', 'p50 vs round trip', 'p95 vs round trip'], rows),
    '',
    `server memory: ${int(rssBefore / 1024)} MiB before the streams, ${int(rssAfter / 1024)} MiB with them: ` +
      `${perConnectionKiB.toFixed(1)} KiB per connection`,
    `deliveries: ${int(latencies.length)} of ${int(clients * rounds)}${missed ? ` (${missed} missed within 30 s)` : ', none missed'}`,
    `Inkwell's p95 is ${ratio(percentile(latencies, 95) / percentile(floor, 95))} the bare server's.`,
    'Latency is measured from just before the broadcast request, so it includes the request itself;',
    'the receipt can come before the broadcast’s own response, since NOTIFY fires at commit.',
    "Each part's first broadcast warms it up and is not counted. The round trip is warmed up by 100",
    `requests it does not count, then measured ${ROUND_TRIPS_PER_ROUND} times after each counted broadcast, with the streams open.`,
  ].join('\n')
  return { text, failures: missed ? [`${missed} deliveries missed`] : [] }
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN)
}

async function signIn(origin: string, email: string): Promise<string> {
  const res = await request(
    `${origin}/api/auth/sign-in/email`,
    'POST',
    undefined,
    { email, password: DEMO_PASSWORD },
    origin,
  )
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status}`)
  return sessionCookie(res.cookies)
}

/**
 * The bare server's receipts: `clients` streams, a first event not counted, then `rounds` events
 * carrying `data`, each timed from just before the request that sends it.
 */
async function fanOutFloor(clients: number, rounds: number, data: string, defer: Defer): Promise<number[]> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx/esm', fileURLToPath(new URL('./fan-out-server.ts', import.meta.url)), String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  defer('stop the bare fan-out server', () => {
    child.kill()
  })
  await new Promise((ready) => child.stdout?.once('data', ready))
  const origin = `http://127.0.0.1:${port}`
  const streams: EventStreamClient[] = await Promise.all(
    Array.from({ length: clients }, () => openEventStream(`${origin}/stream`)),
  )
  const latencies: number[] = []
  for (let round = -1; round < rounds; round++) {
    const arrivals = streams.map((s) => s.next((event) => event === 'created'))
    const t0 = performance.now()
    await request(`${origin}/fire`, 'POST', undefined, JSON.parse(data), origin)
    const results = await Promise.all(arrivals)
    if (round >= 0) latencies.push(...results.map((at) => at - t0))
  }
  for (const s of streams) s.close()
  return latencies
}

async function checkpoint(pgUrl: string) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect()
  try {
    await client.query('checkpoint')
  } finally {
    await client.end()
  }
}
