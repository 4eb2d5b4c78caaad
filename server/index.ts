import { buildApp } from './app.ts'
import { shiftedClock } from './clock.ts'
import { warmRichTextPool } from './core/rich-text/rich-text.ts'
import { migrateDatabase, openDatabase } from './db/client.ts'
import { acquireDataDirLock } from './db/data-dir-lock.ts'
import { seedDemo } from './db/seed.ts'
import { readConfig } from './env.ts'
import { catchUp, housekeepingWorkers } from './jobs/housekeeping.ts'
import { loggingOptions } from './logging.ts'
import { contactWorkers, newsletterWorkers } from './modules/newsletters/index.ts'
import { startBanner } from './start-banner.ts'

// Process start: read the environment, open and migrate the database, seed, catch up on
// housekeeping, listen, print the banner, then start the job queue's workers.
const config = readConfig()
const logging = loggingOptions(config, process.stdout.isTTY === true)
const embedded = !config.databaseUrl
const releaseLock = embedded ? acquireDataDirLock(config.dataDir) : () => {}
const database = await openDatabase(
  embedded
    ? { driver: 'pglite', dataDir: `${config.dataDir}/pglite` }
    : { driver: 'pg', url: config.databaseUrl! },
)
await migrateDatabase(database)
const app = await buildApp({ config, database, clock: shiftedClock(config.clockOffsetMs), ...logging })
const offsetDays = config.clockOffsetMs / 86_400_000
if (offsetDays !== 0) app.log.warn(`CLOCK_OFFSET_DAYS: the clock runs ${offsetDays} days off (tests only)`)
const demo = config.seedDemo ? await seedDemo(app.ctx) : null
const housekeeping = catchUp(app.ctx)

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`)
  // Closing the app waits for running jobs (the queue stops first), then ends streams.
  await app.close()
  await database.close()
  releaseLock()
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
warmRichTextPool()
await housekeeping
const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'
console.log(startBanner(config, { where, demo, requestsAtDebug: logging.logController !== undefined }))
// After the catch-up: the schedule's first jobs find nothing left to do.
await app.ctx.jobs.start([
  ...housekeepingWorkers(app.ctx),
  ...newsletterWorkers(app.ctx),
  ...contactWorkers(app.ctx),
])
