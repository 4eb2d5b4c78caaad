import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { ReportPage, type ReportStatus } from '#common/schemas/reports.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

/** The admins' report queue, under ['admin', ...] like every admin query. */
export const reportKeys = {
  all: ['admin', 'reports'] as const,
}

export const reportQueries = {
  /** GET /api/admin/reports: the admins' report queue for one status, newest first. */
  list: (status: ReportStatus) =>
    infiniteQueryOptions({
      queryKey: [...reportKeys.all, { status }] as const,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ status, limit: String(PAGE_SIZE_DEFAULT) })
        if (pageParam) params.set('cursor', pageParam)
        return api(`/api/admin/reports?${params}`, ReportPage, { signal })
      },
      ...cursorPages,
      placeholderData: keepPreviousData,
    }),
}
