import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { ReportPage, type ReportStatus } from '#common/schemas/reports.ts'
import { api } from '#web/lib/api-client.ts'
import { reportKeys } from './query-keys.ts'

export function fetchReports({
  status,
  cursor,
  signal,
}: {
  status: ReportStatus
  cursor?: string
  signal?: AbortSignal
}) {
  const params = new URLSearchParams({ status, limit: String(PAGE_SIZE_DEFAULT) })
  if (cursor) params.set('cursor', cursor)
  return api(`/api/admin/reports?${params}`, ReportPage, { signal })
}

/** The admins' report queue for one status, newest first. */
export function useReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: reportKeys.status(status),
    queryFn: ({ pageParam, signal }) => fetchReports({ status, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}
