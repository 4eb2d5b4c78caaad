import os from 'node:os'
import { parseArgs } from 'node:util'
import { assetsBench } from './assets.ts'
import { booksBench } from './books.ts'
import { DEFAULT_PG_URL, type Defer, type Driver, openBenchDatabase } from './database.ts'
import { examStatsBench } from './exam-stats.ts'
import { examsBench } from './exams.ts'
import { feedBench } from './feed.ts'
import { forumsBench } from './forums.ts'
import { type BenchSettings, foundationBench, type SectionReport } from './foundation.ts'
import { hardeningBench } from './hardening.ts'
import { stopLoad } from './load.ts'
import { mixedBench } from './mixed.ts'
import { newslettersBench } from './newsletters.ts'
import { notificationsBench } from './notifications.ts'
import { overviewBench } from './overview.ts'
import { paymentsBench } from './payments.ts'
import { practiceBench } from './practice.ts'
import { publicBench } from './public.ts'
import { heading } from './report.ts'

// `npm run bench [-- options]`: runs every benchmark against a fresh database and prints one
// report. It only talks to 127.0.0.1, stops by itself and removes what it created.

const SMALL_POSTS = 10_000
const SMALL_BOOKS = 1000
const SMALL_EVENTS = 1000
const SMALL_LEDGER = 10_000
const SMALL_CARDS = 1000
const SMALL_STATS_ATTEMPTS = 1000
const SMALL_SUBSCRIBERS = 1000
const SUITES = [
  'all',
  'foundation',
  'notifications',
  'feed',
  'exams',
  'exam-stats',
  'forums',
  'hardening',
  'assets',
  'payments',
  'books',
  'overview',
  'mixed',
  'public',
  'practice',
  'newsletters',
] as const
/** For the start-up estimate; the others measure 9 times. */
const MEASUREMENTS: Partial<Record<(typeof SUITES)[number], number>> = {
  foundation: 10,
  feed: 14,
  exams: 4,
  'exam-stats': 4,
  forums: 4,
  hardening: 12,
  assets: 7,
  payments: 1,
  books: 10,
  overview: 18,
  mixed: 4,
  practice: 6,
  newsletters: 1,
}

const HELP = `Usage: npm run bench -- [options]

  --driver pglite|pg    database (default pglite; env BENCH_DRIVER)
  --duration <s>        seconds measured per endpoint (default 5; env BENCH_DURATION)
  --warmup <s>          seconds of discarded load before each measurement (default 1; env BENCH_WARMUP)
  --connections <n>     concurrent connections (default 20; env BENCH_CONNECTIONS)
  --large <n>           rows in the large users table (default 20000 on pglite, 100000 on pg;
                        env BENCH_LARGE_USERS)
  --suite <name>        all (default: foundation and notifications), foundation, notifications,
                        feed, exams, forums, hardening, assets, payments, books, overview, mixed,
                        public or newsletters (env BENCH_SUITE)
  --books <n>           books in the books suite's large table (default 100000; env
                        BENCH_LARGE_BOOKS); the small table has ${SMALL_BOOKS}
  --posts <n>           posts in the feed suite's large table (default 1000000 on pg, 100000 on
                        pglite; env BENCH_LARGE_POSTS); the small table has ${SMALL_POSTS}
  --takers <n>          exam takers saving answers at once (default 500; env BENCH_TAKERS)
  --best <n>            leaderboard rows in the exams suite (default 100000; env BENCH_BEST_ROWS)
  --attempts <n>        takers behind the large exam of the exam-stats suite (--suite exam-stats;
                        default 100000; env BENCH_STATS_ATTEMPTS); the small one has ${SMALL_STATS_ATTEMPTS}
  --replies <n>         replies in the forums suite's thread (default 10000; env BENCH_REPLIES)
  --viewers <n>         live viewers of that thread (default 500; env BENCH_VIEWERS)
  --clients <n>         live notification streams (default 1000; env BENCH_CLIENTS)
  --orders <n>          pending orders paid by webhook in the payments suite (default 200;
                        env BENCH_ORDERS)
  --entries <n>         ledger entries in the payments suite's large ledger (default 1000000;
                        env BENCH_LEDGER_ENTRIES); the small one has 10000 (also the overview
                        suite's earnings page)
  --events <n>          view and like events behind the overview suite's writer (default 1000000;
                        env BENCH_EVENTS); the small set has ${SMALL_EVENTS}
  --subscribers <n>     subscribers of the newsletters suite's large list (default 10000; env
                        BENCH_SUBSCRIBERS); the small list has ${SMALL_SUBSCRIBERS}
  --publishes <n>       timed publish requests per list size in the newsletters suite (default 9;
                        env BENCH_PUBLISHES)
  --real-expiry         newsletters suite: after the kill -9, wait for pg-boss to expire the killed
                        send job (11–14 min) instead of making it due at once
  --cards <n>           cards in practice_card for the practice suite's large measurement (--suite
                        practice; default 1000000; env BENCH_PRACTICE_CARDS); the small one has ${SMALL_CARDS}
  --rounds <n>          broadcasts (or forum replies) delivered to every stream (default 20;
                        env BENCH_ROUNDS)

With --driver pg it connects to BENCH_DATABASE_URL (default ${DEFAULT_PG_URL}),
creates its own database inkwell_bench_<pid> and drops it at the end.`

const SMALL_USERS = 100

interface Options {
  driver: Driver
  pgUrl: string
  suite: (typeof SUITES)[number]
  largePosts: number
  takers: number
  bestRows: number
  statsAttempts: number
  replies: number
  viewers: number
  clients: number
  rounds: number
  orders: number
  ledgerEntries: number
  events: number
  largeBooks: number
  largeCards: number
  subscribers: number
  publishes: number
  realExpiry: boolean
  settings: BenchSettings
}

function readOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      large: { type: 'string' },
      suite: { type: 'string' },
      posts: { type: 'string' },
      takers: { type: 'string' },
      best: { type: 'string' },
      attempts: { type: 'string' },
      replies: { type: 'string' },
      viewers: { type: 'string' },
      clients: { type: 'string' },
      rounds: { type: 'string' },
      orders: { type: 'string' },
      entries: { type: 'string' },
      books: { type: 'string' },
      cards: { type: 'string' },
      events: { type: 'string' },
      subscribers: { type: 'string' },
      publishes: { type: 'string' },
      'real-expiry': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return null
  const env = process.env
  const driver = values.driver ?? env.BENCH_DRIVER ?? 'pglite'
  if (driver !== 'pglite' && driver !== 'pg') throw new Error(`--driver must be pglite or pg, not ${driver}`)
  const number = (name: string, raw: string | undefined, fallback: number, least: number) => {
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isFinite(n) || n < least) throw new Error(`--${name} must be a number ≥ ${least}, not ${raw}`)
    return n
  }
  const largeUsers = Math.floor(
    number('large', values.large ?? env.BENCH_LARGE_USERS, driver === 'pg' ? 100_000 : 20_000, SMALL_USERS),
  )
  const suite = SUITES.find((name) => name === (values.suite ?? env.BENCH_SUITE ?? 'all'))
  if (!suite) throw new Error(`--suite must be ${SUITES.join(', ')}, not ${values.suite ?? env.BENCH_SUITE}`)
  const largePosts = Math.floor(
    number(
      'posts',
      values.posts ?? env.BENCH_LARGE_POSTS,
      driver === 'pg' ? 1_000_000 : 100_000,
      SMALL_POSTS + 1,
    ),
  )
  return {
    driver,
    pgUrl: env.BENCH_DATABASE_URL || DEFAULT_PG_URL,
    suite,
    largePosts,
    takers: Math.floor(number('takers', values.takers ?? env.BENCH_TAKERS, 500, 1)),
    bestRows: Math.floor(number('best', values.best ?? env.BENCH_BEST_ROWS, 100_000, 1)),
    statsAttempts: Math.floor(
      number('attempts', values.attempts ?? env.BENCH_STATS_ATTEMPTS, 100_000, SMALL_STATS_ATTEMPTS + 1),
    ),
    replies: Math.floor(number('replies', values.replies ?? env.BENCH_REPLIES, 10_000, 1)),
    viewers: Math.floor(number('viewers', values.viewers ?? env.BENCH_VIEWERS, 500, 1)),
    clients: Math.floor(number('clients', values.clients ?? env.BENCH_CLIENTS, 1000, 1)),
    rounds: Math.floor(number('rounds', values.rounds ?? env.BENCH_ROUNDS, 20, 1)),
    orders: Math.floor(number('orders', values.orders ?? env.BENCH_ORDERS, 200, 1)),
    ledgerEntries: Math.floor(
      number('entries', values.entries ?? env.BENCH_LEDGER_ENTRIES, 1_000_000, 10_000),
    ),
    events: Math.floor(number('events', values.events ?? env.BENCH_EVENTS, 1_000_000, SMALL_EVENTS + 1)),
    largeBooks: Math.floor(number('books', values.books ?? env.BENCH_LARGE_BOOKS, 100_000, SMALL_BOOKS + 1)),
    largeCards: Math.floor(
      number('cards', values.cards ?? env.BENCH_PRACTICE_CARDS, 1_000_000, SMALL_CARDS + 1),
    ),
    subscribers: Math.floor(
      number('subscribers', values.subscribers ?? env.BENCH_SUBSCRIBERS, 10_000, SMALL_SUBSCRIBERS + 1),
    ),
    publishes: Math.floor(number('publishes', values.publishes ?? env.BENCH_PUBLISHES, 9, 1)),
    realExpiry: values['real-expiry'] === true,
    settings: {
      duration: number('duration', values.duration ?? env.BENCH_DURATION, 5, 1),
      warmup: number('warmup', values.warmup ?? env.BENCH_WARMUP, 1, 0),
      connections: Math.floor(number('connections', values.connections ?? env.BENCH_CONNECTIONS, 20, 1)),
      smallUsers: SMALL_USERS,
      largeUsers,
    },
  }
}

const startedAt = performance.now()
const loadAtStart = os.loadavg()
const progress = (line: string) => {
  const t = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)
  process.stderr.write(`[${t} s] ${line}\n`)
}

// Cleanup steps, run last-in first-out exactly once: at the end, on failure, or on Ctrl-C. A step
// that hangs is given up on after a while so the steps after it (drop the database) still run.
const STEP_TIMEOUT_MS = 10_000
const steps: { name: string; step: () => Promise<void> | void }[] = []
const defer: Defer = (name, step) => {
  steps.push({ name, step })
}
let cleaning: Promise<void> | undefined
let interrupted = false
const cleanup = () => {
  cleaning ??= (async () => {
    for (let next = steps.pop(); next; next = steps.pop()) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), STEP_TIMEOUT_MS)
      })
      try {
        await Promise.race([next.step(), timeout])
      } catch (error) {
        process.stderr.write(`cleanup: could not ${next.name}: ${(error as Error).message}\n`)
      } finally {
        clearTimeout(timer)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    progress(`${signal}: stopping and cleaning up`)
    void stopLoad()
      .then(cleanup)
      .finally(() => process.exit(130))
  })
}

function machine(): string[] {
  const cpus = os.cpus()
  return [
    `date      ${new Date().toISOString()}`,
    `machine   ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.arch()} ${os.release()}`,
    `load avg  ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} (1/5/15 min, at start)`,
    `node      ${process.version}, NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}`,
  ]
}

async function main(): Promise<number> {
  const options = readOptions()
  if (!options) {
    console.log(HELP)
    return 0
  }
  const { driver, settings } = options
  // React picks its build from NODE_ENV when first loaded: without production, every page would be
  // drawn by its development build (checks and warnings: about twice the work).
  if (process.env.NODE_ENV !== 'production') {
    console.error('Run it as `npm run bench`, which sets NODE_ENV=production (React’s production build).')
    return 1
  }
  // Nothing here may reach beyond this machine (Better Auth's telemetry is off by default; keep it so).
  process.env.BETTER_AUTH_TELEMETRY = '0'

  const { suite } = options
  const measurements = MEASUREMENTS[suite] ?? 9
  const estimate = Math.ceil(measurements * (settings.duration + settings.warmup + 0.5))
  progress(`driver ${driver}: ${measurements} measurements, about ${estimate} s of load plus setup`)

  const lines = [heading('Inkwell benchmarks'), ...machine()]
  const sections: SectionReport[] = []
  if (suite === 'assets') {
    sections.push(await assetsBench({ defer, progress }))
  } else if (suite === 'newsletters') {
    const { pgUrl, subscribers, publishes, realExpiry } = options
    lines.push(`driver    ${driver} (a fresh database inkwell_bench_newsletters_<pid>)`)
    sections.push(
      await newslettersBench({
        driver,
        pgUrl,
        subscribers,
        smallSubscribers: SMALL_SUBSCRIBERS,
        publishes,
        realExpiry,
        defer,
        progress,
      }),
    )
  } else if (suite !== 'notifications') {
    const bench = await openBenchDatabase(driver, options.pgUrl, defer)
    lines.push(
      `driver    ${bench.label}`,
      `database  ${bench.version}`,
      `load      autocannon 9 in its own worker thread, ${settings.connections} connections, ` +
        `${settings.duration} s per measurement after ${settings.warmup} s warm-up, 127.0.0.1`,
    )
    const context = { settings, database: bench.database, dataDir: bench.dataDir, defer, progress }
    sections.push(
      suite === 'feed'
        ? await feedBench({ ...context, smallPosts: SMALL_POSTS, largePosts: options.largePosts })
        : suite === 'exams'
          ? await examsBench({ ...context, takers: options.takers, bestRows: options.bestRows })
          : suite === 'forums'
            ? await forumsBench({
                ...context,
                replies: options.replies,
                viewers: options.viewers,
                rounds: options.rounds,
              })
            : suite === 'hardening'
              ? await hardeningBench(context)
              : suite === 'payments'
                ? await paymentsBench({
                    ...context,
                    orders: options.orders,
                    largeEntries: options.ledgerEntries,
                  })
                : suite === 'books'
                  ? await booksBench({ ...context, smallBooks: SMALL_BOOKS, largeBooks: options.largeBooks })
                  : suite === 'overview'
                    ? await overviewBench({
                        ...context,
                        smallEvents: SMALL_EVENTS,
                        largeEvents: options.events,
                        smallEntries: SMALL_LEDGER,
                        largeEntries: options.ledgerEntries,
                      })
                    : suite === 'mixed'
                      ? await mixedBench(context)
                      : suite === 'public'
                        ? await publicBench(context)
                        : suite === 'exam-stats'
                          ? await examStatsBench({
                              ...context,
                              smallAttempts: SMALL_STATS_ATTEMPTS,
                              largeAttempts: options.statsAttempts,
                            })
                          : suite === 'practice'
                            ? await practiceBench({
                                ...context,
                                smallCards: SMALL_CARDS,
                                largeCards: options.largeCards,
                              })
                            : await foundationBench(context),
    )
  } else {
    lines.push(`driver    ${driver}`)
  }
  if (suite === 'all' || suite === 'notifications') {
    const { clients, rounds, pgUrl } = options
    sections.push(await notificationsBench({ driver, pgUrl, clients, rounds, defer, progress }))
  }
  lines.push(...sections.map((section) => section.text))
  const failures = sections.flatMap((section) => section.failures)
  if (failures.length) {
    lines.push('', 'FAILED: these measurements went wrong, so their numbers mean little:')
    lines.push(...failures.map((f) => `  ${f}`))
  }
  const [load1] = os.loadavg()
  lines.push(
    '',
    `total ${((performance.now() - startedAt) / 1000).toFixed(0)} s; load avg ${load1.toFixed(2)} at the end`,
  )
  if (Math.max(load1, loadAtStart[0]) > os.cpus().length / 2) {
    lines.push('warning: something else was using the CPUs (load average above half the cores): expect noise')
  }
  console.log(lines.join('\n'))
  return failures.length ? 1 : 0
}

let code = 1
try {
  code = await main()
} catch (error) {
  if (!interrupted) process.stderr.write(`\nbenchmark failed: ${(error as Error).stack ?? error}\n`)
} finally {
  await cleanup()
}
process.exitCode = code
// Everything is closed; if a stray handle still holds the event loop, do not hang on it.
setTimeout(() => process.exit(code), 2000).unref()
