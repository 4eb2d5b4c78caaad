import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#web/lib/api-client.ts'
import { clearCache, refreshPages } from './cache.ts'
import { notifications } from './schemas.ts'

export const clearNotifications = () =>
  api(
    '/api/notifications',
    notifications((m) => m.StreamCleared),
    { method: 'DELETE' },
  )

/** DELETE /api/notifications: every one of the signed-in person's notifications. */
export function useClearNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => clearCache(queryClient),
    onSettled: () => refreshPages(queryClient),
  })
}
