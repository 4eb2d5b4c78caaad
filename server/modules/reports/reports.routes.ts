import {
  ReportIdParams,
  ReportInput,
  ReportItem,
  ReportPage,
  ReportReceipt,
  ReportsQuery,
  ResolveReportInput,
} from '#common/schemas/reports.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { createReport, listReports, resolveReport } from './reports.service.ts'

/** Enough for anyone reporting in good faith; a flood of reports is itself abuse. */
const REPORTS_PER_HOUR = 20

/** POST /api/reports: anyone signed in reports a post, a comment, a forum thread or a reply. */
export function reportRoutes(app: App) {
  app.post(
    '/api/reports',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'createReport',
        summary: 'Report something to the moderators',
        body: ReportInput,
        response: { 200: ReportReceipt, 201: ReportReceipt },
      },
      config: {
        rateLimit: {
          max: REPORTS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          // Counted per person (requireUser has run), not per address: a classroom shares one.
          keyGenerator: (req) => req.user?.id ?? req.ip,
        },
        // 403: your own post or comment; 404: a target (in the body) that does not exist.
        errors: [403, 404],
      },
    },
    async (req, reply) => {
      const { created, receipt } = await createReport(app.ctx, actor(req), req.body)
      return reply.code(created ? 201 : 200).send(receipt)
    },
  )
}

/** GET /api/admin/reports, POST /api/admin/reports/:id/resolve (the admin scope: server/http/scopes.ts). */
export function reportAdminRoutes(app: App) {
  app.get(
    '/api/admin/reports',
    {
      schema: {
        operationId: 'listReports',
        summary: 'List reports',
        querystring: ReportsQuery,
        response: { 200: ReportPage },
      },
    },
    async (req) => listReports(app.ctx, req.query),
  )

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        operationId: 'resolveReport',
        summary: 'Resolve a report',
        params: ReportIdParams,
        body: ResolveReportInput,
        response: { 200: ReportItem },
      },
      config: { errors: [409] },
    },
    async (req) => resolveReport(app.ctx, actor(req), req.params.id, req.body),
  )
}
