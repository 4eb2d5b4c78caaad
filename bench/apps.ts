import { randomBytes } from 'node:crypto'
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
 * The real app, configured like production minus the web build, rate limits (unless `rateLimit`)
 * and log output.
 */
export async function startInkwell(
  database: Database,
  dataDir: string,
  defer: Defer,
  { rateLimit = false }: { rateLimit?: boolean } = {},
) {
  const config = {
    ...readConfig({
      NODE_ENV: 'production',
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }),
    rateLimit,
    serveWeb: false,
  }
  const app = await buildApp({ config, database, mailer: { send: async () => {} } })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  defer('close the Inkwell app', () => app.close())
  return { app, url }
}

/**
 * Fails unless GET `url` answers 200 with a body `ok` accepts: a measurement of an error page is
 * no measurement. One retry on a connection error (a long bulk insert on PGlite holds the event
 * loop, so a kept-alive socket may have been closed under the client meanwhile).
 */
export async function expectJson<T>(
  url: string,
  headers: Record<string, string>,
  ok: (body: T) => boolean,
): Promise<void> {
  const res = await fetch(url, { headers }).catch(() => fetch(url, { headers }))
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`)
  if (!ok(JSON.parse(text) as T))
    throw new Error(`GET ${url} answered something unexpected: ${text.slice(0, 300)}`)
}

/** "3 failed (2 × 500, 1 × 429)" */
export function describeStatuses(r: LoadResult): string {
  const parts = Object.entries(r.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n} × ${code}`)
  return `${int(r.failed)} failed (${parts.join(', ') || 'no response'})`
}
