import fs from 'node:fs'
import path from 'node:path'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import { authRoutes } from '#server/auth/auth.routes.ts'
import { createAuth } from '#server/auth/auth.ts'
import { type Clock, systemClock } from '#server/clock.ts'
import type { AppContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import type { Config } from '#server/env.ts'
import type { App } from '#server/http/app-type.ts'
import { notFoundBody, registerErrorHandler } from '#server/http/error-handler.ts'
import { databaseRateLimitStore } from '#server/http/rate-limit-store.ts'
import { registerSameOriginGuard } from '#server/http/same-origin.ts'
import { createMailer, type Mailer } from '#server/mail/mailer.ts'
import { adminRoutes } from '#server/modules/admin/admin.routes.ts'
import { contactRoutes } from '#server/modules/contact/contact.routes.ts'
import { examAdminRoutes, examRoutes } from '#server/modules/exams/exams.routes.ts'
import { fileRoutes } from '#server/modules/files/files.routes.ts'
import { uploadRoutes } from '#server/modules/files/uploads.routes.ts'
import { forumAdminRoutes, forumRoutes } from '#server/modules/forums/forums.routes.ts'
import { healthRoutes } from '#server/modules/health/health.routes.ts'
import { meRoutes } from '#server/modules/me/me.routes.ts'
import { removeUserFiles } from '#server/modules/me/me.service.ts'
import { notificationRoutes } from '#server/modules/notifications/notifications.routes.ts'
import { featuredAdminRoutes, feedRoutes } from '#server/modules/posts/feed.routes.ts'
import { postRoutes } from '#server/modules/posts/posts.routes.ts'
import { reactionRoutes } from '#server/modules/posts/reactions.routes.ts'
import { reportAdminRoutes, reportRoutes } from '#server/modules/reports/reports.routes.ts'
import { searchRoutes } from '#server/modules/search/search.routes.ts'
import { subjectAdminRoutes, subjectRoutes } from '#server/modules/subjects/subjects.routes.ts'
import { writerRoutes } from '#server/modules/writers/writers.routes.ts'
import { createHub } from '#server/realtime/hub.ts'
import { s3Storage } from '#server/storage/s3-storage.ts'
import { localDiskStorage, type Storage } from '#server/storage/storage.ts'

export interface BuildOptions {
  config: Config
  database: Database
  mailer?: Mailer
  storage?: Storage
  clock?: Clock
  logger?: FastifyServerOptions['logger']
}

/** Builds the whole Inkwell server on an open, migrated database. Tests build exactly this. */
export async function buildApp({
  config,
  database,
  mailer,
  storage,
  clock,
  logger,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app, config.env !== 'production')

  const ctx = {
    config,
    database,
    db: database.db,
    mailer:
      mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    storage: storage ?? createStorage(config),
    log: app.log,
    clock: clock ?? systemClock,
  } as AppContext
  ctx.auth = createAuth({ ...ctx, onUserDeleted: (deleted) => removeUserFiles(ctx, deleted) })
  ctx.hub = await createHub({ database, log: app.log })
  // Open streams would hold app.close() forever: end them first, then stop listening.
  app.addHook('preClose', async () => ctx.hub.shutdownStreams())
  app.addHook('onClose', async () => ctx.hub.close())
  app.decorate('ctx', ctx)
  app.decorateRequest('user', null)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // Off means off: routes' own `config.rateLimit` only counts while the plugin is registered.
  if (config.rateLimit) {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(database.db),
      keyGenerator: (req) => req.ip ?? 'unknown',
      enableDraftSpec: true,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    })
  }
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } })
  registerSameOriginGuard(app, [config.appUrl])

  authRoutes(app)
  healthRoutes(app)
  meRoutes(app)
  subjectRoutes(app)
  contactRoutes(app)
  fileRoutes(app)
  uploadRoutes(app)
  notificationRoutes(app)
  postRoutes(app)
  reactionRoutes(app)
  feedRoutes(app)
  writerRoutes(app)
  searchRoutes(app)
  reportRoutes(app)
  examRoutes(app)
  forumRoutes(app)
  // Each /api/admin plugin adds requireAdmin to its own scope.
  await app.register(adminRoutes)
  await app.register(featuredAdminRoutes)
  await app.register(reportAdminRoutes)
  await app.register(subjectAdminRoutes)
  await app.register(examAdminRoutes)
  await app.register(forumAdminRoutes)

  const webDist = config.webDist
  const serveWeb = config.serveWeb && hasWebBuild(app, webDist)
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
    })
  // The single-page app answers every other GET (its router shows the 404 page); the API answers JSON.
  app.setNotFoundHandler((req, reply) => {
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webDist, { maxAge: 0, immutable: false })
    }
    return reply.code(404).send(notFoundBody(req.method, req.url))
  })
  return app
}

function createStorage(config: Config): Storage {
  const { storage } = config
  return storage.driver === 's3' ? s3Storage(storage) : localDiskStorage(path.join(config.dataDir, 'uploads'))
}

function hasWebBuild(app: App, webDist: string): boolean {
  if (fs.existsSync(path.join(webDist, 'index.html'))) return true
  app.log.warn('dist/index.html is missing: run `npm run build` (npm start does it for you)')
  return false
}
