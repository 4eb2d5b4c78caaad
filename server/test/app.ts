import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { Clock } from '#server/clock.ts'
import { type Database, openDatabase } from '#server/db/client.ts'
import { type Config, readConfig } from '#server/env.ts'
import type { App } from '#server/http/app-type.ts'
import { withDatabase } from './global-setup.ts'
import { type Mailbox, startMailbox } from './mailbox.ts'

export const TEST_ORIGIN = 'http://localhost:3000'

export interface TestApp {
  app: App
  database: Database
  mailbox: Mailbox
  config: Config
  /** PostgreSQL only: this file's own database, for a second app (another "process") on it. */
  databaseUrl?: string
  /** Sends a request like the web app does: same origin, JSON body, optional session cookie. */
  request(options: TestRequest): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export interface TestRequest {
  method: InjectOptions['method']
  url: string
  body?: unknown
  cookie?: string
  headers?: Record<string, string>
}

/**
 * The real app on a fresh database (a copy of the migrated template: PGlite by default, PostgreSQL
 * when the suite runs as server-pg), a real SMTP mailbox, and a temporary data directory.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-test-'))
  const mailbox = await startMailbox()
  const { database, url: databaseUrl, drop } = await freshDatabase()
  const config: Config = {
    ...readConfig({
      NODE_ENV: 'test',
      APP_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      LOG_LEVEL: 'silent',
    }),
    rateLimit: false,
    // Tests write to the database behind the API's back: the caches have their own tests.
    publicCacheSeconds: 0,
    sessionCacheSeconds: 0,
    serveWeb: false,
    // Hundreds of sign-ups: a cheap hash instead of ~100 ms of CPU each (password-hashing.ts).
    passwordHashCost: 16,
    ...overrides,
  }
  const app = await buildApp({ config, database, clock, logger: false })
  await app.ready()
  return {
    app,
    database,
    mailbox,
    config,
    databaseUrl,
    request: ({ method, url, body, cookie, headers }) =>
      app.inject({
        method,
        url,
        headers: {
          origin: TEST_ORIGIN,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      }),
    async close() {
      await app.close()
      await database.close()
      await drop()
      await mailbox.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const templateUrl = inject('pgTemplateUrl')
  if (!templateUrl) {
    const dump = new Blob([fs.readFileSync(inject('pgliteTemplate'))])
    return { database: await openDatabase({ driver: 'pglite', loadDataDir: dump }), drop: async () => {} }
  }
  const name = `inkwell_test_${randomUUID().replaceAll('-', '')}`
  const template = new URL(templateUrl).pathname.slice(1)
  const admin = await openDatabase({ driver: 'pg', url: withDatabase(templateUrl, 'postgres'), poolSize: 1 })
  await admin.pool!.query(`create database ${name} template ${template}`)
  const url = withDatabase(templateUrl, name)
  return {
    database: await openDatabase({ driver: 'pg', url, poolSize: 4 }),
    url,
    drop: async () => {
      await admin.pool!.query(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}
