import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { startServer } from '../e2e/server.ts'
import { type Defer, type Driver, freshPgDatabase } from './database.ts'
import type { SectionReport } from './foundation.ts'
import { percentile, request, sessionCookie } from './http.ts'
import { heading, int, ms, ratio, table } from './report.ts'
import type { ReaderCommand, ReaderReport, StreamReaderData } from './stream-reader.ts'

// Live delivery at scale: N concurrent Server-Sent Events clients (several per demo account, as
// browser tabs are), an admin broadcast, and the time from the broadcast's commit to each client's
// receipt, against one plain HTTP round trip measured in the same run. The server runs as its own
// process (as `npm start` runs it) so its memory per connection can be read from /proc. The
// streams are read by one thread per core (stream-reader.ts), so the suite measures the server's
// delivery more than its own reading.

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

  // One plain HTTP round trip, the unit the delivery latency is compared with.
  const roundTrips: number[] = []
  for (let i = 0; i < 200; i++) {
    const t = performance.now()
    await request(`${origin}/api/health`, 'GET', undefined, undefined, origin)
    roundTrips.push(performance.now() - t)
  }

  const rssBefore = rssKiB(server.pid)
  const threads = Math.min(availableParallelism(), clients)
  progress(`notifications: opening ${clients} event streams on ${threads} threads`)
  const readers = await Promise.all(
    Array.from({ length: threads }, (_, t) => {
      const first = Math.floor((clients * t) / threads)
      const count = Math.floor((clients * (t + 1)) / threads) - first
      return startReader({ url: `${origin}/api/notifications/stream`, cookies, count, first })
    }),
  )
  defer('close the event streams', async () => {
    await Promise.all(readers.map((r) => r.close()))
  })
  await new Promise((r) => setTimeout(r, 1000))
  const rssAfter = rssKiB(server.pid)
  // The demo's seed wrote a lot: flush it now, or a checkpoint during the first broadcast stalls
  // its commit (one insert measured 258 ms in one of three runs).
  if (options.driver === 'pg') await checkpoint(options.pgUrl)

  const latencies: number[] = []
  const posts: number[] = []
  let missed = 0
  for (let round = 0; round < rounds; round++) {
    const message = `Benchmark round ${round} ${randomUUID()}`
    const armed = await Promise.all(readers.map((r) => r.expect(message)))
    const t0 = performance.timeOrigin + performance.now()
    const res = await request(
      `${origin}/api/admin/notifications`,
      'POST',
      adminCookie,
      { message, to: 'all' },
      origin,
    )
    posts.push(performance.timeOrigin + performance.now() - t0)
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`broadcast failed: ${res.status} ${res.body}`)
    const results = (await Promise.all(armed.map((a) => a.arrivals))).flat()
    for (const at of results) {
      if (at === null) missed++
      else latencies.push(at - t0)
    }
    progress(
      `notifications: round ${round + 1}/${rounds} delivered to ${results.filter((r) => r !== null).length} streams`,
    )
  }

  const rt = percentile(roundTrips, 50)
  const perConnectionKiB = (rssAfter - rssBefore) / clients
  const rows = [
    ['one plain HTTP round trip (GET /api/health)', ms(rt), ms(percentile(roundTrips, 95)), '1.00×'],
    [
      'broadcast request (one row; accounts notified after it answers)',
      ms(percentile(posts, 50)),
      ms(percentile(posts, 95)),
      ratio(percentile(posts, 50) / rt),
    ],
    [
      `commit → receipt, ${int(clients)} streams`,
      ms(percentile(latencies, 50)),
      ms(percentile(latencies, 95)),
      ratio(percentile(latencies, 50) / rt),
    ],
  ]
  const text = [
    '',
    heading(`Notifications: ${int(clients)} live streams (read on ${threads} threads), ${rounds} broadcasts`),
    table(['measurement', 'p50 ms', 'p95 ms', 'p50 vs round trip'], rows),
    '',
    `server memory: ${int(rssBefore / 1024)} MiB before the streams, ${int(rssAfter / 1024)} MiB with them: ` +
      `${perConnectionKiB.toFixed(1)} KiB per connection`,
    `deliveries: ${int(latencies.length)} of ${int(clients * rounds)}${missed ? ` (${missed} missed within 30 s)` : ', none missed'}`,
    'Latency is measured from just before the broadcast request, so it includes the request itself;',
    'the receipt can come before the broadcast’s own response, since NOTIFY fires at commit.',
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

interface Reader {
  /** Arms every stream of the share for the broadcast carrying `message`; resolves once armed. */
  expect(message: string): Promise<{ arrivals: Promise<(number | null)[]> }>
  close(): Promise<void>
}

/** Opens a share of the streams on a thread of its own (tsx registered there, as Node 20 does not pass it on). */
async function startReader(data: StreamReaderData): Promise<Reader> {
  const module = new URL('./stream-reader.ts', import.meta.url).href
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module)}) })`,
    { eval: true, workerData: data },
  )
  const next = (type: ReaderReport['type']) =>
    new Promise<ReaderReport>((resolve, reject) => {
      const heard = (report: ReaderReport) => {
        if (report.type !== type) return
        worker.off('message', heard)
        worker.off('error', reject)
        resolve(report)
      }
      worker.on('message', heard)
      worker.once('error', reject)
    })
  const send = (command: ReaderCommand) => worker.postMessage(command)
  await next('open')
  return {
    async expect(message) {
      const armed = next('armed')
      const arrivals = next('arrivals').then((r) => (r.type === 'arrivals' ? r.at : []))
      send({ type: 'expect', message })
      await armed
      return { arrivals }
    },
    async close() {
      await worker.terminate()
    },
  }
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
