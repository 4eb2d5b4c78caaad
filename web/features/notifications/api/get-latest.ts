import { skipToken, useQuery } from '@tanstack/react-query'
import type { LatestNotifications } from './cache.ts'
import { notificationKeys } from './query-keys.ts'

/**
 * The bell's data. Nothing fetches it: the stream (useNotificationStream) puts its snapshot here on
 * connect and keeps it current, so it stays pending until the stream has spoken.
 */
export function useLatestNotifications() {
  return useQuery<LatestNotifications>({
    queryKey: notificationKeys.latest(),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
