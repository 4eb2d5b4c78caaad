import { type SQL, sql } from 'drizzle-orm'
import { EarningsHistoryQuery, MonthlyEarningsQuery } from '#common/schemas/earnings.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import { earningsHistory, earningsSummary, monthlyEarnings } from '#server/modules/earnings/index.ts'
import { rollUpStats, writerOverview } from '#server/modules/overview/index.ts'
import { expectJson, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, percentile, signUp } from './http.ts'
import { FILLER_SALE, ledgerFiller } from './ledger.ts'
import { heading, int, ms, ratio, table } from './report.ts'
import { FLAT, loadTable, type Measurement, measurer, scaleTable } from './scale.ts'

// A writer's overview (GET /api/me/overview, read from the daily rollups of decision 024)
// with 1,000 and then a million raw view and like events behind it, and the earnings page
// (summary, history, monthly chart) at 10,000 and then a million ledger entries, each signed in,
// through HTTP, against a bare Fastify route measured in the same run. Also times the rollup:
// its first full rebuild and the steady-state run housekeeping makes every minute.

export interface OverviewBenchContext extends BenchContext {
  smallEvents: number
  largeEvents: number
  smallEntries: number
  largeEntries: number
}

/** The writer's posts; every view and like is on one of them. */
const POSTS = 100
/** One event in LIKE_EVERY is a like, the rest are views. */
const LIKE_EVERY = 5
/** Events per INSERT statement. */
const BATCH_EVENTS = 250_000
/** The measured writer's own sales: a fixed few, while the ledger grows around them. */
const FIXED_SALES = 100

/** In-process calls of each page, one at a time, for its p50 alone. */
const ALONE = 20

interface Page {
  key: string
  label: string
  page: (ctx: AppContext) => Promise<unknown>
}

type Overview = { days?: number; totals?: { views: number; likes: number }; top?: { posts: unknown[] } }

export async function overviewBench(ctx: OverviewBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const db = database.db
  const failures: string[] = []
  const { measurements: m, measure } = measurer(settings, progress, failures)
  const bareUrl = await startBareApp(ctx.defer)
  const { app, url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)

  await expectJson(`${bareUrl}/bare`, {}, (b: { status?: string }) => b.status === 'ok')
  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)

  progress(`overview: a writer with ${POSTS} posts; ${int(ctx.smallEvents)} views and likes over a year`)
  const cookie = await signUp(appUrl, 'bench-overview-writer@example.com')
  const writerId = ((await call(appUrl, 'GET', '/api/me', cookie)).json as { id: string }).id
  const busyCookie = await signUp(appUrl, 'bench-busy-writer@example.com')
  const busyId = ((await call(appUrl, 'GET', '/api/me', busyCookie)).json as { id: string }).id
  const asWriter = { cookie }
  const as = (id: string) => ({ id, name: 'bench', email: 'bench@example.com', role: 'user' }) as SessionUser
  const paths = {
    summary: '/api/me/earnings',
    history: '/api/me/earnings/history',
    monthly: '/api/me/earnings/monthly',
  }
  const overviewPages: Page[] = [30, 365].map((days) => ({
    key: `overview-${days}`,
    label: `GET /api/me/overview?days=${days}`,
    page: (c) => writerOverview(c, as(writerId), days),
  }))
  const earningsPages: Page[] = (
    [
      ['writer', as(writerId)],
      ['busy', as(busyId)],
    ] as const
  ).flatMap(([who, actor]): Page[] => [
    { key: `summary-${who}`, label: `GET ${paths.summary} (${who})`, page: (c) => earningsSummary(c, actor) },
    {
      key: `history-${who}`,
      label: `GET ${paths.history} (${who})`,
      page: (c) => earningsHistory(c, actor, EarningsHistoryQuery.parse({})),
    },
    {
      key: `monthly-${who}`,
      label: `GET ${paths.monthly} (${who})`,
      page: (c) => monthlyEarnings(c, actor, MonthlyEarningsQuery.parse({}).months),
    },
  ])
  // The same pages called in-process one at a time: the database's cost of one request, without
  // the queue 20 connections build (which a busy machine stretches many times over).
  const alone: Record<string, number> = {}
  const timeAlone = async (pages: Page[], size: 'small' | 'large') => {
    for (const { key, label, page } of pages) {
      progress(`timing ${label} in-process, ${ALONE} calls one at a time`)
      for (let i = 0; i < 3; i++) await page(app.ctx)
      const times: number[] = []
      for (let i = 0; i < ALONE; i++) {
        const t = performance.now()
        await page(app.ctx)
        times.push(performance.now() - t)
      }
      alone[`${key}-${size}`] = percentile(times, 50)
    }
  }
  const events = await eventFiller(db, writerId, ctx.largeEvents)

  const overview = (days: number) => `${appUrl}/api/me/overview?days=${days}`
  const rollups: Record<'small' | 'large', { full: number; steady: number; rows: Record<number, number> }> = {
    small: { full: 0, steady: 0, rows: {} },
    large: { full: 0, steady: 0, rows: {} },
  }
  const measureOverview = async (size: 'small' | 'large') => {
    const timed = async (from?: string) => {
      const t = performance.now()
      await rollUpStats(app.ctx, from ? { from } : {})
      return (performance.now() - t) / 1000
    }
    progress('overview: rollUpStats, a full rebuild and then a steady-state run')
    rollups[size].full = await timed('1970-01-01')
    rollups[size].steady = await timed()
    await db.execute(sql`vacuum (analyze) writer_stat_day, item_stat_day`)
    const { views, likes } = events.counts
    await expectJson(
      overview(365),
      asWriter,
      (b: Overview) => b.totals?.views === views && b.totals.likes === likes && b.top?.posts.length === 5,
    )
    await expectJson(overview(30), asWriter, (b: Overview) => b.days === 30 && (b.top?.posts.length ?? 0) > 0)
    const label = `${int(views + likes)} events`
    for (const days of [30, 365]) {
      rollups[size].rows[days] = await itemRows(db, writerId, days)
      await measure(`overview-${days}-${size}`, `overview ?days=${days}, ${label}`, overview(days), asWriter)
    }
    await timeAlone(overviewPages, size)
  }
  await events.fillTo(ctx.smallEvents)
  await measureOverview('small')
  progress(`overview: growing to ${int(ctx.largeEvents)} events`)
  const eventSeconds = await events.fillTo(ctx.largeEvents)
  await measureOverview('large')

  // Earnings: the measured writer has FIXED_SALES sales whatever the ledger's size; the busy writer
  // receives 1% of the filler's transfers, so their own history grows with the ledger.
  const ledger = await ledgerFiller(db, progress, {
    busyWriterId: busyId,
    fixedWriterId: writerId,
    fixedSales: FIXED_SALES,
    spreadDays: 365,
  })
  const earnings = {
    summary: (b: { pending?: number }, fixed: boolean) =>
      fixed ? b.pending === FIXED_SALES * FILLER_SALE.net : !!b.pending,
    history: (b: { items?: unknown[] }) => (b.items?.length ?? 0) > 0,
    monthly: (b: { months?: { net: number }[] }) =>
      b.months?.length === 12 && b.months.some((x) => x.net > 0),
  }
  const measureEarnings = async (size: 'small' | 'large', target: number) => {
    progress(`earnings: filling the ledger to ${int(target)} entries`)
    const seconds = await ledger.fillTo(target)
    for (const [who, headers] of [
      ['writer', asWriter],
      ['busy', { cookie: busyCookie }],
    ] as const) {
      for (const page of ['summary', 'history', 'monthly'] as const) {
        const url = `${appUrl}${paths[page]}`
        await expectJson(url, headers, (b: never) =>
          page === 'summary' ? earnings.summary(b, who === 'writer') : earnings[page](b),
        )
        const label = `${paths[page]} (${who}), ${int(ledger.filled)} entries`
        await measure(`${page}-${who}-${size}`, label, url, headers)
      }
    }
    await timeAlone(earningsPages, size)
    return seconds
  }
  await measureEarnings('small', ctx.smallEntries)
  const ledgerSeconds = await measureEarnings('large', ctx.largeEntries)
  const busyOwn = await ownTransfers(db, busyId)
  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)

  const explainedOverview = await explainGrowth(m, alone, app.ctx, overviewPages)
  const explainedEarnings = await explainGrowth(m, alone, app.ctx, earningsPages)

  const order = [
    'bare',
    ...['small', 'large'].flatMap((size) => [
      `overview-30-${size}`,
      `overview-365-${size}`,
      ...['writer', 'busy'].flatMap((who) =>
        ['summary', 'history', 'monthly'].map((p) => `${p}-${who}-${size}`),
      ),
    ]),
    'bare-again',
  ]
  const { small, large } = rollups
  const text = [
    heading('Overview and earnings: one writer’s analytics and money pages against a bare Fastify route'),
    loadTable(m, order),
    '',
    `Signed in as the writer. ${POSTS} posts; 1 event in ${LIKE_EVERY} a like, the rest views, spread over the`,
    `last 365 days; growing to ${int(ctx.largeEvents)} events took ${eventSeconds.toFixed(0)} s (bulk SQL, then VACUUM ANALYZE).`,
    scaleTable(
      `Scale: ${int(ctx.smallEvents)} → ${int(ctx.largeEvents)} view and like events (the overview)`,
      m,
      [
        ['overview-30', 'GET /api/me/overview?days=30'],
        ['overview-365', 'GET /api/me/overview?days=365'],
      ],
    ),
    aloneTable(alone, overviewPages),
    '',
    table(
      ['rollUpStats', `${int(ctx.smallEvents)} events`, `${int(ctx.largeEvents)} events`],
      [
        ['first run: full rebuild, s', small.full.toFixed(2), large.full.toFixed(2)],
        ['steady state: yesterday and today, s', small.steady.toFixed(2), large.steady.toFixed(2)],
        ['item_stat_day rows the 30-day page sums', int(small.rows[30]), int(large.rows[30])],
        ['item_stat_day rows the 365-day page sums', int(small.rows[365]), int(large.rows[365])],
      ],
    ),
    'The steady-state run rebuilds the days since the day before the last run: what housekeeping',
    'does every minute. The pages read the rollups only; the top lists sum one row per post and day.',
    explainedOverview,
    scaleTable(
      `Scale: ${int(ctx.smallEntries)} → ${int(ledger.filled)} ledger entries (the earnings page)`,
      m,
      ['writer', 'busy'].flatMap((who) =>
        (['summary', 'history', 'monthly'] as const).map((p): [string, string] => [
          `${p}-${who}`,
          `GET ${paths[p]} (${who})`,
        ]),
      ),
    ),
    aloneTable(alone, earningsPages),
    '',
    `writer: ${FIXED_SALES} sales of their own whatever the ledger's size; busy: 1% of all transfers`,
    `(${int(busyOwn)} sales at the large size). Balanced 3-entry sales over the last 365 days, inserted`,
    `in bulk (the large ledger took ${ledgerSeconds.toFixed(0)} s more), then VACUUM ANALYZE.`,
    `Ratios near 1× mean a page costs the same whatever the data behind it. "flat" = p50 ratio ≤ ${FLAT}×.`,
    explainedEarnings,
  ].join('\n')
  return { text, failures }
}

/**
 * Views and likes on the writer's POSTS posts, appended in bulk: event j (counted across calls)
 * is a like when j % LIKE_EVERY = 0, else a view, on post j % POSTS, on a day j spreads over the
 * last 365 (UTC). Each view has its own reader key; each like a distinct liker per post, from
 * enough generated users for `maxEvents`. The post counters are set once at the end, with the
 * per-row reaction triggers paused (a million updates of 100 rows would measure only MVCC).
 */
async function eventFiller(db: Database['db'], writerId: string, maxEvents: number) {
  const likers = Math.ceil(maxEvents / LIKE_EVERY / POSTS) + 1
  await db.execute(sql`
    insert into post (author_id, category, title, slug, excerpt, access, status, created_at, published_at)
    select ${writerId}, 'fiction', 'Overview post ' || i, 'overview-post-' || i, 'A post for the benchmark.',
      'free', 'published', now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${POSTS}::int) i`)
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-liker-' || i, 'Bench Liker ' || i, 'bench-liker-' || i || '@example.com', true
    from generate_series(1, ${likers}::int) i`)
  const counts = { views: 0, likes: 0 }
  let done = 0
  const posts = sql`(select array_agg(id order by id) as ids from post where author_id = ${writerId})`
  const today = sql`(now() at time zone 'utc')::date`
  return {
    counts,
    async fillTo(target: number) {
      const started = performance.now()
      while (done < target) {
        const from = done + 1
        const to = Math.min(target, done + BATCH_EVENTS)
        await db.transaction(async (tx) => {
          await tx.execute(sql`alter table post_like disable trigger post_like_count`)
          await tx.execute(sql`alter table post_view disable trigger post_view_count`)
          await tx.execute(sql`
            insert into post_view (post_id, viewer_key, day)
            select p.ids[1 + j % ${POSTS}], 'bench-reader-' || (j / ${POSTS}), ${today} - ((j::bigint * 7919) % 365)::int
            from ${posts} p, generate_series(${from}::int, ${to}::int) j
            where j % ${LIKE_EVERY} <> 0`)
          await tx.execute(sql`
            insert into post_like (post_id, user_id, created_at)
            select p.ids[1 + k % ${POSTS}], 'bench-liker-' || (1 + k / ${POSTS}),
              least(now(), (${today} - ((k::bigint * 7919) % 365)::int)::timestamp at time zone 'utc' + (k % 86400) * interval '1 second')
            from ${posts} p, generate_series(${from}::int, ${to}::int) j, lateral (select j / ${LIKE_EVERY} as k) l
            where j % ${LIKE_EVERY} = 0`)
          await tx.execute(sql`alter table post_like enable trigger post_like_count`)
          await tx.execute(sql`alter table post_view enable trigger post_view_count`)
        })
        done = to
      }
      await db.execute(sql`
        update post p set like_count = (select count(*) from post_like l where l.post_id = p.id),
          view_count = (select count(*) from post_view v where v.post_id = p.id)
        where p.author_id = ${writerId}`)
      await db.execute(sql`vacuum (analyze) post, post_view, post_like, "user"`)
      const likes = Math.floor(done / LIKE_EVERY)
      counts.likes = likes
      counts.views = done - likes
      return (performance.now() - started) / 1000
    },
  }
}

/** The item_stat_day rows the page's top lists sum for the last `days` days. */
async function itemRows(db: Database['db'], writerId: string, days: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from item_stat_day
    where writer_id = ${writerId} and day > (now() at time zone 'utc')::date - ${days}::int`)
  return rows[0].n
}

async function ownTransfers(db: Database['db'], writerId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_entry where account = ${`writer:${writerId}:pending`}`,
  )
  return rows[0].n
}

/**
 * The plans of every statement `page` sends through `db.execute`, as EXPLAIN ANALYZE prints them:
 * the page's own SQL, run with a context whose `execute` explains instead of answering (so the
 * page itself then fails, on empty rows: that is expected and ignored).
 */
async function plansOf(ctx: AppContext, page: (ctx: AppContext) => Promise<unknown>): Promise<string> {
  const plans: string[] = []
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver)
      return async (query: SQL) => {
        const { rows } = await target.execute<{ 'QUERY PLAN': string }>(
          sql`explain (analyze, costs off) ${query}`,
        )
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'))
        return { rows: [] }
      }
    },
  })
  await page({ ...ctx, db }).catch(() => undefined)
  return plans.join('\n\n')
}

/**
 * For each page whose p50 grew past FLAT, through HTTP or alone (or that got no answers), its
 * plans at the large size.
 */
async function explainGrowth(
  m: Record<string, Measurement>,
  alone: Record<string, number>,
  ctx: AppContext,
  pages: Page[],
): Promise<string> {
  const out: string[] = []
  for (const { key, label, page } of pages) {
    const small = m[`${key}-small`].result
    const large = m[`${key}-large`].result
    const flat =
      large.ok > 0 && large.p50 / small.p50 <= FLAT && alone[`${key}-large`] / alone[`${key}-small`] <= FLAT
    if (flat) continue
    out.push(`\nNOT FLAT: ${label} at the large size, EXPLAIN ANALYZE of each statement it runs:\n`)
    out.push(await plansOf(ctx, page))
  }
  return out.join('\n')
}

function aloneTable(alone: Record<string, number>, pages: Page[]): string {
  const rows = pages.map(({ key, label }) => {
    const r = alone[`${key}-large`] / alone[`${key}-small`]
    return [
      label,
      ms(alone[`${key}-small`]),
      ms(alone[`${key}-large`]),
      ratio(r),
      r <= FLAT ? 'flat' : 'GROWS',
    ]
  })
  return [
    '',
    `The same pages called in-process, one at a time (${ALONE} calls after 3 warm-up), p50 ms:`,
    table(['page', 'small', 'large', 'large/small', ''], rows),
  ].join('\n')
}
