import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { buildApp } from '#server/app.ts'
import { readConfig } from '#server/env.ts'
import type { App } from '#server/http/app-type.ts'
import { startMailbox } from '#server/test/mailbox.ts'
import { ORIGIN } from './apps.ts'
import { DEFAULT_PG_URL, type Defer, type Driver, openBenchDatabase } from './database.ts'
import { ms, table } from './report.ts'

// How far the auth answers tell who has an account (decision 010):
//   node --import ./scripts/polyfills.mjs --import tsx/esm bench/auth-enumeration.ts [--driver pg] [--rounds 40]
// (1) POST /api/auth/request-password-reset for addresses with and without an account, interleaved,
// mail going to a real SMTP server on this machine: the mean and median of each and their gap.
// (2) With the rate limits on, how many sign-ups one address can make before 429: the number of
// addresses one client can test per hour.

const { values } = parseArgs({
  options: { driver: { type: 'string', default: 'pglite' }, rounds: { type: 'string', default: '40' } },
})
const driver = values.driver as Driver
const rounds = Number(values.rounds)

const steps: Array<[string, () => Promise<void> | void]> = []
const defer: Defer = (name, step) => steps.push([name, step])

const post = (app: App, url: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function main() {
  const { database, dataDir, label } = await openBenchDatabase(
    driver,
    process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL,
    defer,
  )
  const mailbox = await startMailbox()
  defer('close the mailbox', () => mailbox.close())
  const base = readConfig({
    NODE_ENV: 'production',
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  })
  const app = await buildApp({ config: { ...base, rateLimit: false, serveWeb: false }, database })
  defer('close the app', () => app.close())
  await app.ready()

  const known: string[] = []
  for (let i = 0; i < 20; i++) {
    const email = `known-${i}@example.com`
    const res = await post(app, '/api/auth/sign-up/email', {
      name: `Known ${i}`,
      email,
      password: 'correct horse battery',
    })
    if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`)
    known.push(email)
  }
  const reset = async (email: string) => {
    const start = performance.now()
    const res = await post(app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })
    const took = performance.now() - start
    if (res.statusCode !== 200) throw new Error(`reset answered ${res.statusCode}: ${res.body}`)
    return took
  }
  for (let i = 0; i < 10; i++) await reset(i % 2 ? known[i] : `warm-${i}@example.com`)
  const times = { known: [] as number[], unknown: [] as number[] }
  for (let i = 0; i < rounds; i++) {
    times.known.push(await reset(known[i % known.length]))
    times.unknown.push(await reset(`nobody-${i}@example.com`))
  }
  console.log(`\nPassword reset answer time, ${rounds} each, interleaved (${label}, mail over SMTP)\n`)
  console.log(
    table(
      ['address', 'mean', 'median', 'max'],
      (['known', 'unknown'] as const).map((k) => [
        k,
        ms(mean(times[k])),
        ms(median(times[k])),
        ms(Math.max(...times[k])),
      ]),
    ),
  )
  console.log(`\ngap of the means: ${ms(mean(times.known) - mean(times.unknown))}`)

  // (2) Sign-up with the limits on: one client, addresses that exist.
  const limited = await buildApp({ config: { ...base, rateLimit: true, serveWeb: false }, database })
  defer('close the rate-limited app', () => limited.close())
  await limited.ready()
  let answered = 0
  const statuses = new Map<number, number>()
  for (let i = 0; i < 30; i++) {
    const res = await post(limited, '/api/auth/sign-up/email', {
      name: 'Prober',
      email: known[i % known.length],
      password: 'correct horse battery',
    })
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    if (res.statusCode === 429) {
      console.log(
        `\nsign-up probes from one address before 429: ${answered} (Retry-After ${res.headers['retry-after']} s)`,
      )
      break
    }
    answered++
  }
  console.log(`answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`)
}

try {
  await main()
} finally {
  for (const [, step] of steps.reverse()) await step()
}
