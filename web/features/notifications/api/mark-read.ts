import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#web/lib/api-client.ts'
import { getLatest, markReadInCache, refreshPages } from './cache.ts'
import { notificationQueries } from './notification-queries.ts'
import { notifications } from './schemas.ts'

const streamRead = () => notifications((m) => m.StreamRead)

export const markNotificationRead = (id: string) =>
  api(`/api/notifications/${encodeURIComponent(id)}/read`, streamRead(), { method: 'POST' })

export const markAllNotificationsRead = () =>
  api('/api/notifications/read-all', streamRead(), { method: 'POST' })

// Both answer like the stream's `read` event (the ids now read and the unread count). They update
// the cache at once, put the bell back if the server refuses, and apply the server's answer.

/** POST /api/notifications/:id/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      const before = getLatest(queryClient)
      markReadInCache(queryClient, [id])
      return { before }
    },
    onSuccess: ({ ids, unreadCount }) => markReadInCache(queryClient, ids, unreadCount),
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(notificationQueries.latest().queryKey, context.before)
    },
    onSettled: () => refreshPages(queryClient),
  })
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const before = getLatest(queryClient)
      markReadInCache(queryClient, 'all', 0)
      return { before }
    },
    onSuccess: ({ ids, unreadCount }) => markReadInCache(queryClient, ids, unreadCount),
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(notificationQueries.latest().queryKey, context.before)
    },
    onSettled: () => refreshPages(queryClient),
  })
}
