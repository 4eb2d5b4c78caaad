import { useMutation, useQueryClient } from '@tanstack/react-query'
import { StreamCleared } from '#common/schemas/notifications.ts'
import { api } from '#web/lib/api-client.ts'
import { clearCache, refreshPages } from './cache.ts'

export const clearNotifications = () => api('/api/notifications', StreamCleared, { method: 'DELETE' })

/** DELETE /api/notifications: every one of the signed-in person's notifications. */
export function useClearNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => clearCache(queryClient),
    onSettled: () => refreshPages(queryClient),
  })
}
