import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database, Tx } from '#server/db/client.ts'
import { DEAD_LETTERS, pgliteJobDb } from '#server/db/job-queue.ts'

// The durable job queue (pg-boss on our database, decision 045): jobs are rows, queued in the
// transaction of the write that causes them, taken with SKIP LOCKED by whichever process is free,
// retried with backoff, dead-lettered when their retries run out. A cron schedule sends one job per
// period whatever the number of processes.

export interface Worker {
  queue: string
  /** A five-field cron in UTC: the queue gets one job per period, across all processes. */
  cron?: string
  /** Seconds between looks for work when the queue is empty. */
  pollSeconds?: number
  /** Throws to fail the attempt: the queue retries it, then dead-letters it. */
  run(job: PgBoss.Job<unknown>): Promise<void>
}

export interface Jobs {
  /** Queues a job in the caller's transaction: it exists once that commits, never if it rolls back. */
  send(tx: Tx, queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>
  /** This process's workers and schedules (the server's start, never a test app's). */
  start(workers: Worker[]): Promise<void>
  /** Waits for running jobs, then stops taking more; nothing when never started. */
  stop(): Promise<void>
  /** pg-boss itself, for tests and tools that read a job's state. */
  boss: PgBoss
}

/** The raw client behind a Drizzle transaction (node-postgres's PoolClient, or PGlite's Transaction). */
const clientOf = (tx: Tx) => (tx as unknown as { session: { client: never } }).session.client

export function createJobs(database: Database, log: FastifyBaseLogger): Jobs {
  const db: PgBoss.Db =
    database.driver === 'pglite'
      ? pgliteJobDb(database.pglite!)
      : { executeSql: (text, values) => database.pool!.query(text, values) }
  const boss = new PgBoss({
    db,
    // The schema and queues are installed with the migrations (server/db/job-queue.ts).
    migrate: false,
  })
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'))
  let started = false
  return {
    boss,
    send(tx, queue, data, options = {}) {
      const client = clientOf(tx)
      const inTransaction: PgBoss.Db =
        database.driver === 'pglite'
          ? pgliteJobDb(client)
          : { executeSql: (text, values) => (client as import('pg').PoolClient).query(text, values) }
      return boss.send(queue, data, { ...options, db: inTransaction })
    },
    async start(workers) {
      await boss.start()
      started = true
      for (const worker of workers) {
        await boss.work(worker.queue, { pollingIntervalSeconds: worker.pollSeconds ?? 2 }, async ([job]) =>
          worker.run(job),
        )
        if (worker.cron) await boss.schedule(worker.queue, worker.cron, {}, { tz: 'UTC' })
      }
      await boss.work(DEAD_LETTERS, { pollingIntervalSeconds: 30 }, async ([job]) => {
        log.error({ job: { id: job.id, name: job.name, data: job.data } }, 'a job failed every retry')
      })
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, close: false, timeout: 30_000 })
      started = false
    },
  }
}
