import type { PGlite, Transaction } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'

// The job queue's tables (pg-boss's own schema, `pgboss`) and its queues, installed with our
// migrations so every database, a test's copy included, has them before an app starts (decision 045).

/** Where a job that has used up its retries ends, to be logged for a person to look at. */
export const DEAD_LETTERS = 'dead-letters'

/** A periodic task: retried with backoff, then dead-lettered; expired if a process dies running it. */
const PERIODIC: PgBoss.Queue = {
  name: '',
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  deadLetter: DEAD_LETTERS,
}

/** The housekeeping tasks, each its own queue, run once a minute across every process. */
export const HOUSEKEEPING_TASKS = [
  'broadcasts',
  'stream-events',
  'exam-attempts',
  'earnings-release',
  'owed-refunds',
  'sandbox-payments',
  'overview-rollups',
  'newsletter-sweep',
] as const
export type HousekeepingTask = (typeof HOUSEKEEPING_TASKS)[number]
export const housekeepingQueue = (task: HousekeepingTask) => `housekeeping.${task}`

/**
 * Newsletters (decision 046): `fanout` writes one delivery row per recipient of a post or a new
 * chapter, `send` mails a batch of rows, `digest` (weekly) writes the digest's rows, `confirm` mails
 * imported addresses their confirmation.
 */
export const NEWSLETTER_FANOUT = 'newsletter.fanout'
export const NEWSLETTER_SEND = 'newsletter.send'
export const NEWSLETTER_DIGEST = 'newsletter.digest'
export const NEWSLETTER_CONFIRM = 'newsletter.confirm'

export const QUEUES: PgBoss.Queue[] = [
  { name: DEAD_LETTERS, retryLimit: 0 },
  { ...PERIODIC, name: NEWSLETTER_FANOUT },
  { ...PERIODIC, name: NEWSLETTER_DIGEST },
  { ...PERIODIC, name: NEWSLETTER_CONFIRM },
  // A mail server's "try later" (4xx) is retried for about a day: 1 min, 2, 4 … with backoff.
  {
    name: NEWSLETTER_SEND,
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    deadLetter: DEAD_LETTERS,
  },
  ...HOUSEKEEPING_TASKS.map((task) => ({ ...PERIODIC, name: housekeepingQueue(task) })),
]

type Client = PGlite | Transaction

/**
 * pg-boss's `db` over PGlite (the database, or one of its transactions). pg-boss sends parameterised
 * statements, and scripts of several statements, some in BEGIN … COMMIT, which only `exec` runs.
 */
export function pgliteJobDb(client: Client): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values)
      try {
        const results = await client.exec(text)
        return results.at(-1) ?? { rows: [] }
      } catch (error) {
        // A failed script leaves the one connection inside its transaction; PostgreSQL would end
        // it with a timeout, PGlite never does.
        if (text.includes('BEGIN') && 'isInTransaction' in client && (await client.isInTransaction())) {
          await client.exec('ROLLBACK').catch(() => {})
        }
        throw error
      }
    },
  }
}

/** Creates or upgrades pg-boss's schema, then creates the queues or brings their options up to date. */
export async function installJobQueue(db: PgBoss.Db): Promise<void> {
  const boss = new PgBoss({ db, supervise: false, schedule: false, migrate: true })
  boss.on('error', () => {})
  await boss.start()
  try {
    for (const { name, ...options } of QUEUES) {
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options })
      else await boss.createQueue(name, { name, ...options })
    }
  } finally {
    await boss.stop({ graceful: false, close: false })
  }
}
