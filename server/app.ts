import { randomUUID } from 'node:crypto'
import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyServerOptions, type LogController } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { tooManyAttempts } from '#common/retry-after.ts'
import { createAuth } from '#server/auth/auth.ts'
import { registerSessionCache } from '#server/auth/session-cache.ts'
import { type Clock, systemClock } from '#server/clock.ts'
import type { AppContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import type { Config } from '#server/env.ts'
import { AppError } from '#server/errors.ts'
import type { App } from '#server/http/app-type.ts'
import { registerJsonCompression } from '#server/http/compression.ts'
import { registerErrorHandler } from '#server/http/error-handler.ts'
import { registerInputGuard } from '#server/http/input-guard.ts'
import { registerOpenApi } from '#server/http/openapi.ts'
import { registerPublicCache } from '#server/http/public-cache.ts'
import { databaseRateLimitStore } from '#server/http/rate-limit-store.ts'
import { registerSameOriginGuard } from '#server/http/same-origin.ts'
import { registerRoutes } from '#server/http/scopes.ts'
import { registerSecurityHeaders } from '#server/http/security-headers.ts'
import { fastifyTrustProxy } from '#server/http/trust-proxy.ts'
import { registerWebApp } from '#server/http/web-assets.ts'
import { registerWriteSignal } from '#server/http/write-signal.ts'
import { createJobs } from '#server/jobs/queue.ts'
import { createMailer, type Mailer } from '#server/mail/mailer.ts'
import { removeUserFiles } from '#server/modules/me/index.ts'
import { forgetLiker } from '#server/modules/notifications/index.ts'
import { createHub } from '#server/realtime/hub.ts'
import { ROUTES } from '#server/routes.ts'
import { localDiskStorage, type Storage } from '#server/storage/storage.ts'

export interface BuildOptions {
  config: Config
  database: Database
  mailer?: Mailer
  storage?: Storage
  clock?: Clock
  logger?: FastifyServerOptions['logger']
  /** How Fastify logs each request (server/logging.ts); its own, at info, by default. */
  logController?: LogController
}

/** Builds the whole Inkwell server on an open, migrated database. Tests build exactly this. */
export async function buildApp({
  config,
  database,
  mailer,
  storage,
  clock,
  logger,
  logController,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // Unique across processes and restarts: a 500's message quotes it to find the log line.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  // Work after answering (Better Auth's mail, decision 010; a broadcast's delivery) is finished
  // before the app closes.
  const backgroundTasks = new Set<Promise<unknown>>()
  const services = {
    config,
    database,
    db: database.db,
    mailer:
      mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    storage: storage ?? (await createStorage(config)),
    log: app.log,
    clock: clock ?? systemClock,
    background(task: Promise<unknown>) {
      const done = () => backgroundTasks.delete(task)
      backgroundTasks.add(task)
      task.then(done, done)
    },
    async idle() {
      await Promise.allSettled(backgroundTasks)
    },
  }
  const ctx: AppContext = {
    ...services,
    auth: createAuth({
      ...services,
      onUserDeleted: async (deleted) => {
        await forgetLiker(ctx, deleted.id)
        await removeUserFiles(ctx, deleted)
      },
    }),
    hub: await createHub({ database, log: app.log }),
    jobs: createJobs(database, app.log),
  }
  // Running jobs finish before the app closes (a server's; a test app never starts the queue).
  app.addHook('onClose', () => ctx.jobs.stop())
  app.addHook('onClose', () => ctx.idle())
  // Open streams would hold app.close() forever: end them first, then stop listening.
  app.addHook('preClose', async () => ctx.hub.shutdownStreams())
  app.addHook('onClose', async () => ctx.hub.close())
  app.decorate('ctx', ctx)
  app.decorateRequest('user', null)

  registerSecurityHeaders(app, config)
  // Off means off: routes' own `config.rateLimit` only counts while the plugin is registered.
  if (config.rateLimit) {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(database.db),
      keyGenerator: (req) => req.ip ?? 'unknown',
      enableDraftSpec: true,
      // Retry-After is set by the plugin (draft spec headers); the message says the same in words.
      errorResponseBuilder: (_req, context) =>
        new AppError('rate_limited', tooManyAttempts(Math.ceil(context.ttl / 1000))),
    })
  }
  registerSameOriginGuard(app, config)
  registerInputGuard(app)
  // The caches (sessions, public reads, public pages) are emptied by every write, here at once and
  // in other processes by a NOTIFY.
  const writes = registerWriteSignal(app, ctx)
  registerSessionCache(app, ctx, writes)
  // Before compression: the cache keeps answers as the routes wrote them.
  registerPublicCache(app, ctx, writes)
  registerJsonCompression(app)
  // Before any route: the document is built from the routes as they register.
  await registerOpenApi(app, config)

  await registerRoutes(app, ROUTES)

  await registerWebApp(app, config, writes)
  return app
}

/** Local disk, or a bucket: the S3 SDK loads only for a bucket. */
async function createStorage(config: Config): Promise<Storage> {
  const { storage } = config
  if (storage.driver === 'local') return localDiskStorage(path.join(config.dataDir, 'uploads'))
  const { s3Storage } = await import('#server/storage/s3-storage.ts')
  return s3Storage(storage)
}
