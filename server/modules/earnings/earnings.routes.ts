import {
  AdminPayoutPage,
  AdminPayoutsQuery,
  EarningsExportQuery,
  EarningsHistoryPage,
  EarningsHistoryQuery,
  EarningsSummary,
  MarkPayoutPaidInput,
  MonthlyEarnings,
  MonthlyEarningsQuery,
  Payout,
  PayoutIdParams,
  PayoutPage,
  PayoutsQuery,
  RejectPayoutInput,
  RequestPayoutInput,
} from '#common/schemas/earnings.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { earningsCsv } from './csv.ts'
import { allLines, earningsHistory, earningsSummary, monthlyEarnings } from './earnings.service.ts'
import { decidePayout, getMyPayout, listMyPayouts, listPayouts, requestPayout } from './payouts.service.ts'

/** A writer's earnings and payout requests, and the admins' payouts queue (decision 022). */
export function earningsRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/me/earnings',
    {
      ...guarded,
      schema: {
        operationId: 'getMyEarnings',
        summary: 'Read my earnings and balance',
        response: { 200: EarningsSummary },
      },
    },
    async (req) => earningsSummary(app.ctx, actor(req)),
  )

  app.get(
    '/api/me/earnings/history',
    {
      ...guarded,
      schema: {
        operationId: 'listMyEarnings',
        summary: 'List what I earned, sale by sale',
        querystring: EarningsHistoryQuery,
        response: { 200: EarningsHistoryPage },
      },
    },
    async (req) => earningsHistory(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/me/earnings/export.csv',
    {
      ...guarded,
      schema: {
        operationId: 'exportMyEarnings',
        summary: 'Download my earnings as CSV',
        querystring: EarningsExportQuery,
      },
    },
    async (req, reply) => {
      const csv = earningsCsv(await allLines(app.ctx, actor(req), req.query.month))
      const name = `inkwell-earnings-${req.query.month ?? 'all'}.csv`
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(csv)
    },
  )

  app.get(
    '/api/me/earnings/monthly',
    {
      ...guarded,
      schema: {
        operationId: 'getMyMonthlyEarnings',
        summary: 'Read my earnings month by month',
        querystring: MonthlyEarningsQuery,
        response: { 200: MonthlyEarnings },
      },
    },
    async (req) => monthlyEarnings(app.ctx, actor(req), req.query.months),
  )

  app.post(
    '/api/me/payouts',
    {
      ...guarded,
      schema: {
        operationId: 'requestPayout',
        summary: 'Ask for a payout of my balance',
        body: RequestPayoutInput,
        response: { 201: Payout },
      },
      config: { errors: [409] },
    },
    async (req, reply) => reply.code(201).send(await requestPayout(app.ctx, actor(req), req.body)),
  )

  app.get(
    '/api/me/payouts/:id',
    {
      ...guarded,
      schema: {
        operationId: 'getMyPayout',
        summary: 'Read one of my payouts',
        params: PayoutIdParams,
        response: { 200: Payout },
      },
    },
    async (req) => getMyPayout(app.ctx, actor(req), req.params.id),
  )

  app.get(
    '/api/me/payouts',
    {
      ...guarded,
      schema: {
        operationId: 'listMyPayouts',
        summary: 'List my payouts',
        querystring: PayoutsQuery,
        response: { 200: PayoutPage },
      },
    },
    async (req) => listMyPayouts(app.ctx, actor(req), req.query),
  )
}

/** The admins' payouts queue (the admin scope: server/http/scopes.ts). */
export function payoutAdminRoutes(app: App) {
  app.get(
    '/api/admin/payouts',
    {
      schema: {
        operationId: 'listPayouts',
        summary: 'List payout requests',
        querystring: AdminPayoutsQuery,
        response: { 200: AdminPayoutPage },
      },
    },
    async (req) => listPayouts(app.ctx, req.query),
  )
  app.post(
    '/api/admin/payouts/:id/paid',
    {
      schema: {
        operationId: 'markPayoutPaid',
        summary: 'Mark a payout as paid',
        params: PayoutIdParams,
        body: MarkPayoutPaidInput,
        response: { 200: Payout },
      },
      config: { errors: [409] },
    },
    async (req) =>
      decidePayout(app.ctx, actor(req), req.params.id, { status: 'paid', reference: req.body.reference }),
  )
  app.post(
    '/api/admin/payouts/:id/reject',
    {
      schema: {
        operationId: 'rejectPayout',
        summary: 'Reject a payout request',
        params: PayoutIdParams,
        body: RejectPayoutInput,
        response: { 200: Payout },
      },
      config: { errors: [409] },
    },
    async (req) =>
      decidePayout(app.ctx, actor(req), req.params.id, { status: 'rejected', reason: req.body.reason }),
  )
}
