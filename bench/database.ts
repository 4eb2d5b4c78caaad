import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, migrateDatabase, openDatabase } from '#server/db/client.ts'

// A fresh, migrated database for one benchmark run, and a temporary data directory, both removed
// again by the caller's cleanup (even after a failure or Ctrl-C).

export type Driver = 'pglite' | 'pg'

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'

export interface BenchDatabase {
  database: Database
  /** A temporary directory: the app's DATA_DIR, and PGlite's files when embedded. */
  dataDir: string
  /** The server's `select version()`. */
  version: string
  /** How to describe it in the report. */
  label: string
}

/** Registers a cleanup step; steps run in reverse order when the run ends. */
export type Defer = (name: string, step: () => Promise<void> | void) => void

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export async function openBenchDatabase(driver: Driver, pgUrl: string, defer: Defer): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-'))
  defer(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }))

  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') })
    defer('close PGlite', () => database.close())
    await migrateDatabase(database)
    const version = await serverVersion(database)
    return { database, dataDir, version, label: 'pglite (embedded, in-process, one connection)' }
  }

  const admin = new URL(pgUrl)
  if (!LOOPBACK.has(admin.hostname)) {
    throw new Error(`The benchmark only talks to this machine: ${admin.hostname} is not 127.0.0.1`)
  }
  const name = `inkwell_bench_${process.pid}`
  const adminDb = await openDatabase({ driver: 'pg', url: admin.toString(), poolSize: 1 })
  adminDb.pool!.on('error', ignoreDisconnect)
  defer('close the admin connection', () => adminDb.close())
  await adminDb.pool!.query(`drop database if exists ${name} with (force)`)
  await adminDb.pool!.query(`create database ${name}`)
  defer(`drop database ${name}`, async () => {
    await adminDb.pool!.query(`drop database if exists ${name} with (force)`)
  })

  const url = new URL(admin)
  url.pathname = `/${name}`
  // The pool size the server uses in production (openDatabase's default).
  const database = await openDatabase({ driver: 'pg', url: url.toString() })
  // pool.end() resolves before its sockets have closed; DROP DATABASE … WITH (FORCE) then kills
  // those backends, and a pool without an 'error' listener would crash the process on that.
  database.pool!.on('error', ignoreDisconnect)
  defer('close the PostgreSQL pool', () => database.close())
  await migrateDatabase(database)
  const version = await serverVersion(database)
  return {
    database,
    dataDir,
    version,
    label: `pg (PostgreSQL on ${admin.host}, database ${name}, pool of 10)`,
  }
}

function ignoreDisconnect(error: Error & { code?: string }) {
  if (error.code !== '57P01') process.stderr.write(`PostgreSQL connection error: ${error.message}\n`)
}

async function serverVersion(database: Database): Promise<string> {
  const result = await database.db.execute<{ version: string }>(sql`select version() as version`)
  const full = String(result.rows[0]?.version ?? 'unknown')
  return full.split(',')[0]
}

/**
 * An empty PostgreSQL database `inkwell_bench_<purpose>_<pid>` for a suite that runs the server as
 * its own process (which migrates it); dropped at the end of the run.
 */
export async function freshPgDatabase(pgUrl: string, purpose: string, defer: Defer): Promise<string> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  const name = `inkwell_bench_${purpose}_${process.pid}`
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
