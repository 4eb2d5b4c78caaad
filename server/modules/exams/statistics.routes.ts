import { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import { ExamIdParams } from '#common/schemas/exams.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { getExamStatistics } from './statistics.service.ts'
import { statisticsCsv } from './statistics-csv.ts'

/** An exam's item statistics for its author (and admins): as JSON, and as a CSV download (decision 048). */
export function examStatisticsRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/exams/:examId/statistics',
    {
      ...guarded,
      schema: {
        operationId: 'getExamStatistics',
        summary: "Read one of my exams' item statistics",
        params: ExamIdParams,
        response: { 200: ExamStatistics },
      },
    },
    async (req) => getExamStatistics(app.ctx, actor(req), req.params.examId),
  )

  app.get(
    '/api/exams/:examId/statistics.csv',
    {
      ...guarded,
      schema: {
        operationId: 'exportExamStatistics',
        summary: "Download one of my exams' item statistics as CSV",
        params: ExamIdParams,
      },
    },
    async (req, reply) => {
      const statistics = await getExamStatistics(app.ctx, actor(req), req.params.examId)
      const name = `exam-statistics-${statistics.examId}-v${statistics.version}.csv`
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(statisticsCsv(statistics))
    },
  )
}
