import { Overview, OverviewQuery } from '#common/schemas/overview.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { writerOverview } from './overview.service.ts'

/** A writer's analytics over 7, 30, 90 or 365 days (decision 024). */
export async function overviewRoutes(app: App) {
  app.get(
    '/api/me/overview',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getMyOverview',
        summary: "Read my writer's overview: readers, sales and top items",
        querystring: OverviewQuery,
        response: { 200: Overview },
      },
    },
    async (req) => writerOverview(app.ctx, actor(req), req.query.days),
  )
}
