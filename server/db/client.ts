import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { installJobQueue, pgliteJobDb } from './job-queue.ts'
import * as schema from './schema/index.ts'

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Both drivers expose the same query builder; we type them as node-postgres's. */
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  driver: 'pglite' | 'pg'
  /** The raw PGlite instance when embedded (for LISTEN/NOTIFY and dumps). */
  pglite?: PGlite
  /** The pool when on PostgreSQL (for dedicated LISTEN connections). */
  pool?: pg.Pool
  close(): Promise<void>
}

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle connection the server drops (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
    const db = drizzlePg(pool, { schema })
    return { db, driver: 'pg', pool, close: () => pool.end() }
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true })
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return { db, driver: 'pglite', pglite: client, close: () => client.close() }
}

// Any number 32-bit number works; it only has to be the same for every Inkwell process.
const MIGRATION_LOCK = 727_100_001

/**
 * Applies committed migrations, then installs the job queue. On PostgreSQL an advisory lock keeps
 * parallel starts from racing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR })
    await installJobQueue(pgliteJobDb(database.pglite!))
    return
  }
  const client = await database.pool!.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR })
    // Under the same lock: two processes creating one queue at once deadlock inside pg-boss.
    await installJobQueue({ executeSql: (text, values) => client.query(text, values) })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/**
 * A query built once per database and prepared under a name: drizzle writes its SQL
 * once instead of on every request, and PostgreSQL parses it once per connection. For the reads
 * every signed-in request makes; `build` calls `.prepare(name)` with `sql.placeholder`s.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>()
  return (db) => {
    let query = byDatabase.get(db)
    if (!query) {
      query = build(db)
      byDatabase.set(db, query)
    }
    return query
  }
}
