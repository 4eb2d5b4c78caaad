import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import { startServer } from '../e2e/server.ts'
import type { Defer, Driver } from './database.ts'
import type { SectionReport } from './foundation.ts'
import { heading, int, ms, ratio, table } from './report.ts'

// Live delivery at scale: N concurrent Server-Sent Events clients (several per demo account, as
// browser tabs are), an admin broadcast, and the time from the broadcast's commit to each client's
// receipt, against one plain HTTP round trip measured in the same run. The server runs as its own
// process (as `npm start` runs it) so its memory per connection can be read from /proc.

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
  if (options.driver === 'pg') env.DATABASE_URL = await freshPgDatabase(options.pgUrl, defer)
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
    await request(origin, 'GET', '/api/health')
    roundTrips.push(performance.now() - t)
  }

  const rssBefore = rssKiB(server.pid)
  progress(`notifications: opening ${clients} event streams`)
  const streams = await Promise.all(
    Array.from({ length: clients }, (_, i) => openStream(origin, cookies[i % cookies.length])),
  )
  defer('close the event streams', () => {
    for (const s of streams) s.close()
  })
  await new Promise((r) => setTimeout(r, 1000))
  const rssAfter = rssKiB(server.pid)

  const latencies: number[] = []
  const posts: number[] = []
  let missed = 0
  for (let round = 0; round < rounds; round++) {
    const message = `Benchmark round ${round} ${randomUUID()}`
    const arrivals = streams.map((s) => s.next(message))
    const t0 = performance.now()
    const res = await request(origin, 'POST', '/api/admin/notifications', adminCookie, { message, to: 'all' })
    posts.push(performance.now() - t0)
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`broadcast failed: ${res.status} ${res.body}`)
    const results = await Promise.all(arrivals.map((a) => a.catch(() => null)))
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
      'broadcast request (insert for every account + NOTIFY)',
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
    heading(`Notifications: ${int(clients)} live streams, ${rounds} broadcasts`),
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

async function freshPgDatabase(pgUrl: string, defer: Defer): Promise<string> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  const name = `inkwell_bench_notify_${process.pid}`
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  defer(`drop database ${name}`, async () => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN)
}

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

function request(origin: string, method: string, path: string, cookie?: string, body?: unknown) {
  return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers: {
          origin,
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }),
        )
      },
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

async function signIn(origin: string, email: string): Promise<string> {
  const res = await request(origin, 'POST', '/api/auth/sign-in/email', undefined, {
    email,
    password: DEMO_PASSWORD,
  })
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status}`)
  return res.cookies.map((c) => c.split(';')[0]).join('; ')
}

interface Stream {
  /** Resolves with the receipt time of the `created` event carrying this message. */
  next(message: string): Promise<number>
  close(): void
}

/** A bare SSE client: one socket each (no shared agent), parsing `event:`/`data:` frames. */
function openStream(origin: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiting = new Map<string, (at: number) => void>()
    const req = http.get(
      `${origin}/api/notifications/stream`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`))
          return
        }
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          const at = performance.now()
          buffer += chunk
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const frame = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            end = buffer.indexOf('\n\n')
            if (!/^event: created$/m.test(frame)) continue
            const data = frame.match(/^data: (.*)$/m)?.[1]
            const message = data
              ? (JSON.parse(data) as { notification: { message: string } }).notification.message
              : ''
            waiting.get(message)?.(at)
            waiting.delete(message)
          }
        })
        resolve({
          next: (message) =>
            new Promise<number>((ok, fail) => {
              const timer = setTimeout(() => fail(new Error('not delivered within 30 s')), 30_000)
              waiting.set(message, (at) => {
                clearTimeout(timer)
                ok(at)
              })
            }),
          close: () => req.destroy(),
        })
      },
    )
    req.on('error', reject)
  })
}
