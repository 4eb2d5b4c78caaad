import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import type { Database } from '#server/db/client.ts'
import { readConfig } from '#server/env.ts'
import type { Defer } from './database.ts'
import type { LoadResult } from './load.ts'
import { int } from './report.ts'

// What every suite starts from: the floor (a bare Fastify app answering a small JSON object) and
// the real Inkwell app, both on 127.0.0.1 in this process, so every number reads as a ratio.

export const ORIGIN = 'http://127.0.0.1:3000'

/** The bare app with GET /bare; `extra` adds routes a suite compares with (e.g. a bare PUT). */
export async function startBareApp(defer: Defer, extra?: (app: FastifyInstance) => void): Promise<string> {
  const bare = Fastify({ logger: false })
  bare.get('/bare', async () => ({ status: 'ok', service: 'bare' }))
  extra?.(bare)
  const url = await bare.listen({ host: '127.0.0.1', port: 0 })
  defer('close the bare app', () => bare.close())
  return url
}

/**
 * The real app, configured like production minus rate limits (unless `rateLimit`), the shared
 * cache of public reads (unless `publicCache`: every measurement that compares sizes must reach the
 * database), log output and the web build (unless `webDist`, e.g. from `copyBuiltIndex`: then it
 * serves the server-rendered pages too).
 */
export async function startInkwell(
  database: Database,
  dataDir: string,
  defer: Defer,
  {
    rateLimit = false,
    publicCache = false,
    webDist,
  }: { rateLimit?: boolean; publicCache?: boolean; webDist?: string } = {},
) {
  const config = {
    ...readConfig({
      NODE_ENV: 'production',
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: webDist,
    }),
    rateLimit,
    publicCacheSeconds: publicCache ? 5 : 0,
    serveWeb: webDist !== undefined,
  }
  const app = await buildApp({ config, database, mailer: { send: async () => {} } })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  defer('close the Inkwell app', () => app.close())
  return { app, url }
}

/**
 * A web build for `startInkwell`'s `webDist` in `dir`: a copy of the built index.html, the one file
 * the server-rendered pages read (taken once, so a rebuild during the run changes nothing).
 * Fails, saying what to run, when there is no build.
 */
export function copyBuiltIndex(dir: string): string {
  const built = path.join(readConfig({}).webDist, 'index.html')
  if (!fs.existsSync(built))
    throw new Error(`${built} is missing: run \`npm run build\` first (the pages are rendered into it)`)
  const webDist = path.join(dir, 'web')
  fs.mkdirSync(webDist, { recursive: true })
  fs.copyFileSync(built, path.join(webDist, 'index.html'))
  return webDist
}

/**
 * GET `url`, failing unless it answers 200: a measurement of an error page is no measurement. One
 * retry on a connection error (a long bulk insert on PGlite holds the event loop, so a kept-alive
 * socket may have been closed under the client meanwhile).
 */
async function getOk(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers }).catch(() => fetch(url, { headers }))
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return { res, text }
}

/** Fails unless GET `url` answers 200 with a JSON body `ok` accepts. */
export async function expectJson<T>(
  url: string,
  headers: Record<string, string>,
  ok: (body: T) => boolean,
): Promise<void> {
  const { text } = await getOk(url, headers)
  if (!ok(JSON.parse(text) as T))
    throw new Error(`GET ${url} answered something unexpected: ${text.slice(0, 300)}`)
}

/** Fails unless GET `url` answers 200 with an HTML page holding each of `texts`. */
export async function expectHtml(url: string, texts: string[]) {
  const { res, text } = await getOk(url, {})
  const type = res.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html')) throw new Error(`GET ${url} answered ${type}: ${text.slice(0, 300)}`)
  const missing = texts.filter((t) => !text.includes(t))
  if (missing.length) throw new Error(`GET ${url} answered a page without ${missing.join(', ')}`)
}

/** "3 failed (2 × 500, 1 × 429)" */
export function describeStatuses(r: LoadResult): string {
  const parts = Object.entries(r.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n} × ${code}`)
  return `${int(r.failed)} failed (${parts.join(', ') || 'no response'})`
}
