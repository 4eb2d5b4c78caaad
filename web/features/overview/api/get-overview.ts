import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Overview, type OverviewRange } from '#common/schemas/overview.ts'
import { api } from '#web/lib/api-client.ts'

export const overviewKey = (days: OverviewRange) => ['overview', { days }] as const

/** GET /api/me/overview?days=: the period's totals, the one before it, each day, and the top items. */
export function useOverview(days: OverviewRange) {
  return useQuery({
    queryKey: overviewKey(days),
    queryFn: ({ signal }) => api(`/api/me/overview?days=${days}`, Overview, { signal }),
    // Switching the range keeps the last figures on screen (dimmed) instead of jumping to skeletons.
    placeholderData: keepPreviousData,
  })
}
