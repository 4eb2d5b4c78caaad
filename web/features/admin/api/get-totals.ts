import { useQuery } from '@tanstack/react-query'
import { PlatformTotals } from '#common/schemas/admin.ts'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

export const fetchTotals = (signal?: AbortSignal) => api('/api/admin/totals', PlatformTotals, { signal })

export function useTotals() {
  return useQuery({ queryKey: adminKeys.totals(), queryFn: ({ signal }) => fetchTotals(signal) })
}
