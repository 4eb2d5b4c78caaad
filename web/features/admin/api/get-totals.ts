import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { PlatformTotals } from '#common/schemas/admin.ts'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

/** The months of money the admin screen shows unless asked for another period (the server's default too). */
export const TOTALS_MONTHS = 12 as const

export const fetchTotals = (months: number, signal?: AbortSignal) =>
  api(`/api/admin/totals?months=${months}`, PlatformTotals, { signal })

/** The platform's counts and its money by month; another period keeps the last on screen while it loads. */
export function useTotals(months: number = TOTALS_MONTHS) {
  return useQuery({
    queryKey: adminKeys.totals(months),
    queryFn: ({ signal }) => fetchTotals(months, signal),
    placeholderData: keepPreviousData,
  })
}
