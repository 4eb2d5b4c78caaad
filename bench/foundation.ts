import { randomBytes } from 'node:crypto'
import { count, desc, eq, min, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { encodeCursor } from '#server/db/cursor.ts'
import { user } from '#server/db/schema/index.ts'
import { describeStatuses, expectJson, ORIGIN, startBareApp, startInkwell } from './apps.ts'
import type { Defer } from './database.ts'
import { heading, int, ms, ratio, share, table } from './report.ts'
import { FLAT, type Measurement, measurer } from './scale.ts'

// The foundation benchmark: the real Inkwell app and a bare Fastify app, both listening on
// 127.0.0.1 in this process, loaded one after the other in the same run so every number can be
// read as a ratio. Then the admin users list on a small and a large users table, which keyset
// pagination on (created_at, id) should keep at the same cost.

export interface BenchSettings {
  /** Seconds measured per endpoint. */
  duration: number
  /** Seconds of throw-away load before each measurement. */
  warmup: number
  connections: number
  /** Rows in the users table for the "small" measurements. */
  smallUsers: number
  /** Rows in the users table for the "large" measurements. */
  largeUsers: number
}

export interface BenchContext {
  settings: BenchSettings
  database: Database
  dataDir: string
  defer: Defer
  progress: (line: string) => void
}

export interface SectionReport {
  text: string
  /** Measurements that saw anything but 2xx answers (their numbers mean little). */
  failures: string[]
}

/** The app's own origin, as the web app would send it (Better Auth and the CSRF guard check it). */
const PAGE = 20

export async function foundationBench(ctx: BenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const db = database.db

  const bareUrl = await startBareApp(ctx.defer)

  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)
  // The same app with the shared cache of anonymous public reads on (decision 028).
  const { url: cachedUrl } = await startInkwell(database, ctx.dataDir, ctx.defer, { publicCache: true })

  // One real account through the real sign-up (one password hash), made admin in the database.
  const admin = await signUp(appUrl, 'Bench Admin', 'bench-admin@example.com')
  await db.update(user).set({ role: 'admin', emailVerified: true }).where(eq(user.id, admin.id))
  const asAdmin = { cookie: admin.cookie }

  progress(`users table: filling to ${int(settings.smallUsers)} rows`)
  await fillUsers(db, settings.smallUsers)

  const failures: string[] = []
  const { measurements, measure } = measurer(settings, progress, failures)

  const users = (cursor?: string) =>
    `${appUrl}/api/admin/users?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`

  // Every request is checked once by hand before it is measured: a benchmark of 401s is worthless.
  await expectJson(`${bareUrl}/bare`, {}, (b: { status?: string }) => b.status === 'ok')
  await expectJson(`${appUrl}/api/health`, {}, (b: { database?: string }) => b.database === database.driver)
  await expectJson(`${appUrl}/api/subjects`, {}, (b: unknown[]) => Array.isArray(b) && b.length > 0)
  await expectJson(`${appUrl}/api/me`, asAdmin, (b: { id?: string }) => b.id === admin.id)

  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)
  await measure('health', 'GET /api/health (DB ping)', `${appUrl}/api/health`)
  await measure('subjects', 'GET /api/subjects', `${appUrl}/api/subjects`)
  await measure('subjects-cached', 'GET /api/subjects, shared cache', `${cachedUrl}/api/subjects`)
  await measure('me', 'GET /api/me (session + join)', `${appUrl}/api/me`, asAdmin)

  const measureUsers = async (size: 'small' | 'large', total: number) => {
    const deep = await deepPage(db, total)
    await expectJson(
      users(),
      asAdmin,
      (b: UsersPage) => b.items?.length === PAGE && b.items[0].id === admin.id,
    )
    await expectJson(
      users(deep.cursor),
      asAdmin,
      (b: UsersPage) => b.items?.length === PAGE && b.items[0].id === deep.firstId,
    )
    const rows = `${int(total)} users`
    await measure(`first-${size}`, `admin users, first page, ${rows}`, users(), asAdmin)
    await measure(
      `deep-${size}`,
      `admin users, page after row ${int(deep.depth)}, ${rows}`,
      users(deep.cursor),
      asAdmin,
    )
    return deep.depth
  }

  const smallDepth = await measureUsers('small', settings.smallUsers)
  progress(`users table: growing to ${int(settings.largeUsers)} rows`)
  const started = performance.now()
  await fillUsers(db, settings.largeUsers)
  progress(
    `  inserted in ${((performance.now() - started) / 1000).toFixed(1)} s (bulk SQL, then VACUUM ANALYZE)`,
  )
  const largeDepth = await measureUsers('large', settings.largeUsers)

  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)

  return { text: render(measurements, settings, smallDepth, largeDepth), failures }
}

type UsersPage = { items?: { id: string }[]; nextCursor?: string | null }

function render(
  m: Record<string, Measurement>,
  s: BenchSettings,
  smallDepth: number,
  largeDepth: number,
): string {
  const bareRps = m.bare.result.rps
  const order = [
    'bare',
    'health',
    'subjects',
    'subjects-cached',
    'me',
    'first-small',
    'deep-small',
    'first-large',
    'deep-large',
    'bare-again',
  ]
  const rows = order.map((key) => {
    const { label, result: r } = m[key]
    const flag = r.failed > 0 ? `  ✗ ${describeStatuses(r)}` : ''
    return [label + flag, int(r.rps), ms(r.p50), ms(r.p99), share(r.rps / bareRps)]
  })

  const scale = (kind: 'first' | 'deep') => {
    const small = m[`${kind}-small`].result
    const large = m[`${kind}-large`].result
    const p50 = large.p50 / small.p50
    const verdict = p50 <= FLAT ? 'flat' : 'grows with the table'
    return [
      kind === 'first' ? 'first page' : `deep page (after row ${int(smallDepth)} → ${int(largeDepth)})`,
      ms(small.p50),
      ms(large.p50),
      ratio(p50),
      ratio(large.p99 / small.p99),
      ratio(small.rps / large.rps),
      verdict,
    ]
  }

  return [
    heading('Foundation: the Inkwell app against a bare Fastify route'),
    table(['measurement', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs bare'], rows),
    '',
    'req/s vs bare: the endpoint’s throughput as a fraction of the bare route’s (1.00× = as fast as',
    'Fastify with nothing in it; 1/50 = fifty times fewer requests per second). The last row repeats',
    'the first: its ratio shows how much the machine drifted during the run.',
    heading(`Scale: GET /api/admin/users?limit=${PAGE}, ${int(s.smallUsers)} → ${int(s.largeUsers)} users`),
    table(
      ['page', 'p50 small', 'p50 large', 'p50 large/small', 'p99 large/small', 'req/s small/large', ''],
      [scale('first'), scale('deep')],
    ),
    '',
    `Ratios near 1× mean a page costs the same whatever the table size (keyset pagination on the`,
    `(created_at, id) index). "flat" = p50 ratio ≤ ${FLAT}×; above that the page costs more as data grows.`,
  ].join('\n')
}

async function signUp(appUrl: string, name: string, email: string) {
  const res = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: randomBytes(12).toString('hex') }),
  })
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  const body = (await res.json()) as { user: { id: string } }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error('sign-up set no session cookie')
  return { id: body.user.id, cookie }
}

/**
 * Adds users (each with its profile row, as sign-up makes) until the table holds `target` rows,
 * in one SQL statement: no password hashing, no sign-up. The new rows are older than every
 * existing one, a second apart (millisecond timestamps, like Better Auth's own).
 */
async function fillUsers(db: Database['db'], target: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(user)
  if (n >= target) return
  const [{ oldest }] = await db.select({ oldest: min(user.createdAt) }).from(user)
  const base = (oldest ?? new Date()).toISOString()
  await db.execute(sql`
    with created as (
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select gen_random_uuid()::text, 'Bench Reader ' || i, 'bench-reader-' || i || '@example.com', true,
             ${base}::timestamptz - i * interval '1 second', ${base}::timestamptz - i * interval '1 second'
      from generate_series(${n + 1}::int, ${target}::int) as i
      returning id
    )
    insert into profile (user_id) select id from created`)
  // What autovacuum would soon do on its own; done now so it does not run during a measurement.
  await db.execute(sql`vacuum (analyze) "user", profile`)
}

/** A cursor ~90% of the way down the list (the last full page on a small table). */
async function deepPage(db: Database['db'], total: number) {
  const depth = Math.min(Math.floor(total * 0.9), total - PAGE)
  const rows = await db
    .select({ id: user.id, createdAt: user.createdAt })
    .from(user)
    .orderBy(desc(user.createdAt), desc(user.id))
    .offset(depth - 1)
    .limit(2)
  if (rows.length < 2) throw new Error(`the users table has fewer than ${depth + 1} rows`)
  return { cursor: encodeCursor(rows[0].createdAt, rows[0].id), firstId: rows[1].id, depth }
}
