import { useQuery } from '@tanstack/react-query'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

const admin = schemasOf(() => import('#common/schemas/admin.ts'))

export const fetchWaiting = (signal?: AbortSignal) =>
  api(
    '/api/admin/waiting',
    admin((m) => m.AdminWaiting),
    { signal },
  )

/**
 * What waits for an admin (posts and exams in review, open reports). Read again each time a screen
 * or the account menu shows it, so it follows decisions made anywhere without invalidation.
 */
export function useAdminWaiting(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.waiting(),
    queryFn: ({ signal }) => fetchWaiting(signal),
    enabled,
  })
}
