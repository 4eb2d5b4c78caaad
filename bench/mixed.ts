import { randomBytes } from 'node:crypto'
import { seedDemo } from '#server/db/seed.ts'
import { describeStatuses, expectJson, ORIGIN, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { type LoadResult, runLoad } from './load.ts'
import { heading, int, ms, share, table } from './report.ts'

// The mixed load: many readers at once on the demo's content, each connection
// asking in turn for the home feed, a category feed, a post, a search and a signed-in reader's
// profile, at 200 connections. Measured against a bare Fastify route at the same connections, in
// the same run, and for Inkwell once as it starts by default (the shared cache of public reads on)
// and once with the cache off (every read reaches the database).

export const MIXED_CONNECTIONS = 200

interface Post {
  slug: string
  author: { id: string }
}

export async function mixedBench(ctx: BenchContext): Promise<SectionReport> {
  const { settings, database, progress, defer } = ctx
  const bareUrl = await startBareApp(defer)
  const { app, url: cachedUrl } = await startInkwell(database, ctx.dataDir, defer, { publicCache: true })
  const { url: plainUrl } = await startInkwell(database, ctx.dataDir, defer)

  progress('seeding the demo content (people, posts, books, exams, forums, half a year of history)')
  const started = performance.now()
  await seedDemo(app.ctx)
  progress(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const page = (await (await fetch(`${cachedUrl}/api/posts?limit=1`)).json()) as { items: Post[] }
  const post = page.items[0]
  if (!post) throw new Error('the demo has no published post')
  // Each app signs its own sessions (a secret of its own), so each gets its own reader.
  const mixFor = async (appUrl: string, email: string) => {
    const cookie = await signUp(appUrl, email)
    const requests = [
      { path: '/api/posts?limit=20' },
      { path: '/api/posts?category=fiction&limit=20' },
      { path: `/api/posts/by/${post.author.id}/${post.slug}` },
      { path: '/api/search/posts?q=lighthouse' },
      { path: '/api/me', headers: { cookie } },
    ]
    // Every request is checked once by hand: a benchmark of 401s or 404s is worthless.
    for (const { path, headers } of requests)
      await expectJson(`${appUrl}${path}`, headers ?? {}, (body: unknown) => body !== null)
    return requests
  }
  const cachedMix = await mixFor(cachedUrl, 'mixed-reader-1@example.com')
  const plainMix = await mixFor(plainUrl, 'mixed-reader-2@example.com')

  const load = (label: string, url: string, mix?: typeof cachedMix) => {
    progress(`measuring ${label} at ${MIXED_CONNECTIONS} connections`)
    return runLoad({
      url,
      requests: mix,
      connections: MIXED_CONNECTIONS,
      duration: settings.duration,
      warmup: settings.warmup,
    })
  }
  const rows: [string, LoadResult][] = [
    ['bare Fastify: GET /bare', await load('bare Fastify', `${bareUrl}/bare`)],
    ['Inkwell, mixed, as started (shared cache on)', await load('the mix, cache on', cachedUrl, cachedMix)],
    ['Inkwell, mixed, shared cache off', await load('the mix, cache off', plainUrl, plainMix)],
    ['bare Fastify again (drift check)', await load('bare Fastify again', `${bareUrl}/bare`)],
  ]
  const failures = rows
    .filter(([, r]) => r.failed > 0)
    .map(([label, r]) => `${label}: ${describeStatuses(r)}`)
  const bare = rows[0][1].rps
  return {
    text: [
      heading(
        `Mixed load: ${MIXED_CONNECTIONS} connections, a feed, a category, a post, a search, a signed-in profile`,
      ),
      table(
        ['measurement', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'req/s vs bare'],
        rows.map(([label, r]) => [
          label,
          int(r.rps),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          int(r.failed),
          share(r.rps / bare),
        ]),
      ),
      '',
      `Each connection sends the five requests in turn. The post is ${post.slug}; the search is "lighthouse".`,
    ].join('\n'),
    failures,
  }
}

async function signUp(appUrl: string, email: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Mixed Reader',
      email,
      password: randomBytes(12).toString('hex'),
    }),
  })
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
