import type { ReportStatus } from '#common/schemas/reports.ts'

/** The admins' report queue, under ['admin', ...] like every admin query. */
export const reportKeys = {
  all: ['admin', 'reports'] as const,
  status: (status: ReportStatus) => ['admin', 'reports', { status }] as const,
}
