import http from 'node:http'
import { DEMO_PASSWORD, seedDemo } from '#server/db/seed.ts'
import {
  copyBuiltIndex,
  describeStatuses,
  expectHtml,
  expectJson,
  startBareApp,
  startInkwell,
} from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, sessionCookie } from './http.ts'
import { heading, loadRow, share, table } from './report.ts'
import { measurer } from './scale.ts'

// Anonymous reads: what a signed-out reader's browser asks for on the demo's
// content, as Inkwell starts by default (the shared cache of public reads and the kept pages on),
// against a bare Fastify route in the same run. Each request carries a browser's Accept-Encoding,
// so it measures what readers get: the kept answer's compressed copy. One feed is also asked with
// no Accept-Encoding (the whole JSON, uncompressed), for comparison.
// Then a signed-in reader's page (decision 041), which is drawn for each request: on a
// second app over the same database with nothing kept, the post's page signed out (its render),
// signed in as a demo reader (the render plus the session, profile and bell reads), and that
// reader's GET /api/me (a session read and the profile) for scale.

export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }

interface Post {
  slug: string
  author: { id: string }
}

export async function publicBench(ctx: BenchContext): Promise<SectionReport> {
  const { settings, database, progress, defer } = ctx
  const webDist = copyBuiltIndex(ctx.dataDir)
  const { app, url } = await startInkwell(database, ctx.dataDir, defer, { publicCache: true, webDist })

  progress('seeding the demo content')
  await seedDemo(app.ctx)
  const { items: posts } = (await (await fetch(`${url}/api/posts?limit=1`)).json()) as { items: Post[] }
  const { items: books } = (await (await fetch(`${url}/api/books?limit=1`)).json()) as {
    items: { id: string }[]
  }
  const post = posts[0]
  const book = books[0]
  if (!post || !book) throw new Error('the demo has no published post or book')
  const postPath = `/${encodeURIComponent(post.author.id)}/${post.slug}`
  const reads = {
    feed: '/api/posts?category=fiction&limit=20',
    post: `/api/posts/by${postPath}`,
    writer: `/api/writers/${encodeURIComponent(post.author.id)}`,
    book: `/api/books/${book.id}`,
  }
  // Every request is checked once by hand: a benchmark of 404s is worthless.
  for (const path of Object.values(reads)) await expectJson(`${url}${path}`, {}, (b: unknown) => b !== null)
  await expectHtml(`${url}/fiction`, ['data-server-rendered'])
  await expectHtml(`${url}/learn${postPath}`, ['data-server-rendered'])
  // The bare app also sends the post page's bytes as they go to a browser (brotli), from memory:
  // what the same bytes cost with nothing else, since a page is thousands of times /bare's size.
  const pageBytes = await rawBody(`${url}/learn${postPath}`, BROWSER)
  const bareUrl = await startBareApp(defer, (bare) =>
    bare.get('/bare-page', (_req, reply) => {
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-encoding', 'br')
        .send(pageBytes)
    }),
  )

  const failures: string[] = []
  const { measurements: m, measure } = measurer(settings, progress, failures)
  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)
  await measure('feed', 'a category feed (GET /api/posts?category=fiction)', `${url}${reads.feed}`, BROWSER)
  await measure('post', 'a post (GET /api/posts/by/:writer/:slug)', `${url}${reads.post}`, BROWSER)
  await measure('writer', 'a writer (GET /api/writers/:id)', `${url}${reads.writer}`, BROWSER)
  await measure('book', 'a book (GET /api/books/:id)', `${url}${reads.book}`, BROWSER)
  await measure('fiction-page', 'the fiction page (GET /fiction)', `${url}/fiction`, BROWSER)
  await measure('post-page', "the post's page (GET /learn/:writer/:slug)", `${url}/learn${postPath}`, BROWSER)
  await measure(
    'bare-page',
    `bare Fastify: the post page's ${pageBytes.length} bytes`,
    `${bareUrl}/bare-page`,
  )
  await measure('feed-plain', 'the category feed, no Accept-Encoding', `${url}${reads.feed}`)
  // Nothing kept on this one: each page is read and drawn for its request.
  const drawn = await startInkwell(database, ctx.dataDir, defer, { webDist })
  const signIn = await call(drawn.url, 'POST', '/api/auth/sign-in/email', undefined, {
    email: 'hannah@inkwell.test',
    password: DEMO_PASSWORD,
  })
  const reader = { ...BROWSER, cookie: sessionCookie(signIn.cookies) }
  await expectHtml(`${drawn.url}/learn${postPath}`, ['data-server-rendered', 'Sign in'])
  const own = await fetch(`${drawn.url}/learn${postPath}`, { headers: { cookie: reader.cookie } })
  if (!(await own.text()).includes('Dashboard')) throw new Error("the signed-in page is not the reader's own")
  await measure(
    'render',
    "the post's page drawn for a signed-out visitor",
    `${drawn.url}/learn${postPath}`,
    BROWSER,
  )
  await measure(
    'render-signed-in',
    "the post's page drawn for a signed-in reader",
    `${drawn.url}/learn${postPath}`,
    reader,
  )
  await measure('me', 'that reader: GET /api/me (a session read, the profile)', `${drawn.url}/api/me`, reader)
  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)

  const bare = m.bare.result
  const rows = Object.values(m).map(({ label, result }) => {
    const flag = result.failed > 0 ? `  ✗ ${describeStatuses(result)}` : ''
    return loadRow(label + flag, result, bare)
  })
  const samePage = m['post-page'].result.rps / m['bare-page'].result.rps
  const perRequest = (key: string) => 1000 / m[key].result.rps
  return {
    text: [
      heading('Anonymous reads, as a browser asks, from the shared cache, against a bare Fastify route'),
      table(['measurement', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs bare'], rows),
      '',
      'Every Inkwell row but the last sends a browser’s Accept-Encoding and gets the kept answer’s',
      'brotli copy. The last row repeats the first: its ratio shows how much the machine drifted.',
      `Against the bare app sending the same page bytes, the post's page is at ${share(samePage)}: the`,
      'rest of the gap to /bare is the bytes themselves (the client reads thousands more per answer).',
      `A signed-in reader's page is drawn for them: at ${share(m['render-signed-in'].result.rps / m['post-page'].result.rps)}`,
      `of the kept signed-out page's rate, and ${share(m['render-signed-in'].result.rps / m.render.result.rps)} of the same page drawn signed out.`,
      `Per request at these connections: drawn signed out ${perRequest('render').toFixed(2)} ms, a session and profile read`,
      `${perRequest('me').toFixed(2)} ms, drawn signed in ${perRequest('render-signed-in').toFixed(2)} ms.`,
    ].join('\n'),
    failures,
  }
}

/** The body exactly as sent (fetch would decompress it). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(Buffer.concat(chunks)))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}
