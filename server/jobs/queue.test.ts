import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase } from '#server/db/client.ts'
import { DEAD_LETTERS, HOUSEKEEPING_TASKS, housekeepingQueue } from '#server/db/job-queue.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { housekeepingWorkers } from './housekeeping.ts'
import type { Worker } from './queue.ts'

// The job queue on the real database (both drivers): jobs born in the caller's transaction,
// retried with backoff, dead-lettered, stopped gracefully, and housekeeping on its schedule.

const FLAKY = 'test.flaky'
const DOOMED = 'test.doomed'
const SLOW = 'test.slow'

let t: TestApp
const calls: Record<string, number> = {}
let slowFinished = false
const count = (queue: string) => async () => {
  calls[queue] = (calls[queue] ?? 0) + 1
}
const testWorkers: Worker[] = [
  {
    queue: FLAKY,
    pollSeconds: 0.5,
    run: async () => {
      await count(FLAKY)()
      if (calls[FLAKY] <= 2) throw new Error('a temporary failure')
    },
  },
  {
    queue: DOOMED,
    pollSeconds: 0.5,
    run: async () => {
      await count(DOOMED)()
      throw new Error('always fails')
    },
  },
  {
    queue: SLOW,
    pollSeconds: 0.5,
    run: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      slowFinished = true
    },
  },
]

beforeAll(async () => {
  t = await buildTestApp()
  const { boss } = t.app.ctx.jobs
  const retried = { retryLimit: 2, retryDelay: 1, retryBackoff: true, deadLetter: DEAD_LETTERS }
  await boss.createQueue(FLAKY, { name: FLAKY, ...retried })
  await boss.createQueue(DOOMED, { name: DOOMED, ...retried })
  await boss.createQueue(SLOW, { name: SLOW })
  await t.app.ctx.jobs.start([...testWorkers, ...housekeepingWorkers(t.app.ctx, { pollSeconds: 0.5 })])
})
afterAll(() => t.close())

const jobsIn = async (queue: string) =>
  (
    await t.database.db.execute<{ state: string; retry_count: number; data: unknown }>(
      sql`select state, retry_count, data from pgboss.job where name = ${queue} order by created_on`,
    )
  ).rows

describe('sending a job', () => {
  it('queues it with the write that causes it: nothing when that transaction rolls back', async () => {
    const queue = housekeepingQueue('stream-events')
    const before = (await jobsIn(queue)).length
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.ctx.jobs.send(tx, queue, { from: 'rolled back' })
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    expect((await jobsIn(queue)).length).toBe(before)

    await t.database.db.transaction(async (tx) => {
      await t.app.ctx.jobs.send(tx, queue, { from: 'committed' })
    })
    expect((await jobsIn(queue)).map((job) => job.data)).toContainEqual({ from: 'committed' })
  })
})

describe('working', () => {
  it('retries a failing job with backoff until it succeeds', async () => {
    await t.database.db.transaction((tx) => t.app.ctx.jobs.send(tx, FLAKY, { n: 1 }))
    await vi.waitFor(async () => expect((await jobsIn(FLAKY))[0]?.state).toBe('completed'), {
      timeout: 20_000,
      interval: 250,
    })
    expect(calls[FLAKY]).toBe(3)
    expect((await jobsIn(FLAKY))[0].retry_count).toBe(2)
  })

  it('dead-letters a job that fails every retry, with its data', async () => {
    await t.database.db.transaction((tx) => t.app.ctx.jobs.send(tx, DOOMED, { order: 'o-1' }))
    await vi.waitFor(async () => expect((await jobsIn(DOOMED))[0]?.state).toBe('failed'), {
      timeout: 20_000,
      interval: 250,
    })
    expect(calls[DOOMED]).toBe(3)
    expect((await jobsIn(DEAD_LETTERS)).map((job) => job.data)).toContainEqual({ order: 'o-1' })
  })

  it('runs each housekeeping task from its own queue', async () => {
    const queue = housekeepingQueue('exam-attempts')
    await t.database.db.transaction((tx) => t.app.ctx.jobs.send(tx, queue, { by: 'test' }))
    await vi.waitFor(
      async () => {
        const sent = (await jobsIn(queue)).find((job) => JSON.stringify(job.data) === '{"by":"test"}')
        expect(sent?.state).toBe('completed')
      },
      { timeout: 30_000, interval: 250 },
    )
  })

  it('schedules every housekeeping task once a minute, in UTC', async () => {
    // pg-boss's type leaves out the timezone column it reads back.
    const schedules = (await t.app.ctx.jobs.boss.getSchedules()) as Array<{
      name: string
      cron: string
      timezone: string
    }>
    expect(
      schedules
        .filter((s) => s.name.startsWith('housekeeping.'))
        .map((s) => [s.name, s.cron, s.timezone])
        .sort(),
    ).toEqual(HOUSEKEEPING_TASKS.map((task) => [housekeepingQueue(task), '* * * * *', 'UTC']).sort())
  })

  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'keeps one schedule per task when a second process starts its workers (PostgreSQL only)',
    async () => {
      const databaseB = await openDatabase({ driver: 'pg', url: t.databaseUrl!, poolSize: 2 })
      const appB = await buildApp({ config: t.config, database: databaseB, logger: false })
      try {
        await appB.ctx.jobs.start(housekeepingWorkers(appB.ctx))
        const names = (await appB.ctx.jobs.boss.getSchedules()).map((s) => s.name)
        expect(names.filter((name) => name.startsWith('housekeeping.'))).toHaveLength(
          HOUSEKEEPING_TASKS.length,
        )
      } finally {
        await appB.close()
        await databaseB.close()
      }
    },
  )

  it('stops gracefully: a running job finishes first', async () => {
    await t.database.db.transaction((tx) => t.app.ctx.jobs.send(tx, SLOW, {}))
    await vi.waitFor(async () => expect((await jobsIn(SLOW))[0]?.state).toBe('active'), {
      timeout: 10_000,
      interval: 100,
    })
    await t.app.ctx.jobs.stop()
    expect(slowFinished).toBe(true)
    expect((await jobsIn(SLOW))[0].state).toBe('completed')
  })
})
