import { z } from 'zod'
import { ping } from '#server/db/client.ts'
import type { App } from '#server/http/app-type.ts'

const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'pg']) })

export function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Check that the API and its database answer',
        response: { 200: Health },
      },
    },
    async () => {
      await ping(app.ctx.db)
      return { status: 'ok' as const, database: app.ctx.database.driver }
    },
  )
}
