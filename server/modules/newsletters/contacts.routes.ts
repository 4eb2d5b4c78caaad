import { Readable } from 'node:stream'
import { SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_IMPORT_RATE_LIMIT } from '#common/constants.ts'
import {
  ImportedSubscriberPage,
  ImportedSubscriberParams,
  ImportedSubscribersQuery,
  SubscriberImportInput,
  SubscriberImportReport,
} from '#common/schemas/newsletters.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { importSubscribers, listImported, removeImported } from './contacts.service.ts'
import { subscribersCsv } from './contacts-export.ts'

/** A file's text in JSON: escaped quotes and line breaks can double it (the schema counts the file). */
const IMPORT_BODY_LIMIT = SUBSCRIBER_IMPORT_MAX_BYTES * 2 + 1024

/** A writer's subscribers brought from another service, and all of them taken away as CSV (decision 047). */
export function newsletterContactRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.post(
    '/api/me/subscribers/import',
    {
      ...guarded,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'importSubscribers',
        summary: 'Import subscribers from a CSV (or preview the import)',
        body: SubscriberImportInput,
        response: { 200: SubscriberImportReport },
      },
      config: {
        // Counted per writer (requireUser has run): every real import mails each new address.
        rateLimit: {
          max: SUBSCRIBER_IMPORT_RATE_LIMIT.max,
          timeWindow: SUBSCRIBER_IMPORT_RATE_LIMIT.windowSeconds * 1000,
          keyGenerator: (req) => `user:${req.user?.id}`,
        },
        errors: [403, 413],
      },
    },
    async (req) => importSubscribers(app.ctx, actor(req), req.body),
  )

  app.get(
    '/api/me/subscribers/imported',
    {
      ...guarded,
      schema: {
        operationId: 'listImportedSubscribers',
        summary: 'List the addresses I imported, with whether each confirmed',
        querystring: ImportedSubscribersQuery,
        response: { 200: ImportedSubscriberPage },
      },
    },
    async (req) => listImported(app.ctx, actor(req), req.query),
  )

  app.delete(
    '/api/me/subscribers/imported/:id',
    {
      ...guarded,
      schema: {
        operationId: 'removeImportedSubscriber',
        summary: 'Remove an imported address that is pending or confirmed',
        params: ImportedSubscriberParams,
      },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await removeImported(app.ctx, actor(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/me/subscribers/export',
    {
      ...guarded,
      schema: {
        operationId: 'exportSubscribers',
        summary: 'Download my subscribers as CSV: accounts and imported addresses',
      },
    },
    async (req, reply) => {
      const date = app.ctx.clock.now().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inkwell-subscribers-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(subscribersCsv(app.ctx, actor(req))))
    },
  )
}
