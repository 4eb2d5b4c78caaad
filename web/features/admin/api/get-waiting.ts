import { useQuery } from '@tanstack/react-query'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

export const fetchWaiting = (signal?: AbortSignal) =>
  api(
    '/api/admin/waiting',
    import('#common/schemas/admin.ts').then((m) => m.AdminWaiting),
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
