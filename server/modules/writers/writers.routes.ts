import { SearchQuery, WriterHitPage } from '#common/schemas/search.ts'
import { WriterIdParams, WriterPage, WriterProfile, WritersQuery } from '#common/schemas/writers.ts'
import { readSessionUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { getWriter, listWriters, searchWriters } from './writers.service.ts'

/**
 * Public: GET /api/writers (the directory), GET /api/writers/:writerId (a writer page's header)
 * and GET /api/search/writers (the search page's Writers tab).
 */
export function writerRoutes(app: App) {
  app.get(
    '/api/writers',
    {
      schema: {
        operationId: 'listWriters',
        summary: 'List writers',
        querystring: WritersQuery,
        response: { 200: WriterPage },
      },
      config: { publicCache: true },
    },
    async (req) => listWriters(app.ctx, req.query),
  )

  app.get(
    '/api/writers/:writerId',
    {
      schema: {
        operationId: 'getWriter',
        summary: "Read a writer's page",
        params: WriterIdParams,
        response: { 200: WriterProfile },
      },
      config: { publicCache: true },
    },
    async (req) => getWriter(app.ctx, req.params.writerId, await readSessionUser(req)),
  )

  app.get(
    '/api/search/writers',
    {
      schema: {
        operationId: 'searchWriters',
        summary: 'Search writers',
        querystring: SearchQuery,
        response: { 200: WriterHitPage },
      },
    },
    async (req) => searchWriters(app.ctx, req.query),
  )
}
