import { useInfiniteQuery } from '@tanstack/react-query'
import { type NotificationFilter, notificationQueries } from './notification-queries.ts'

/** The signed-in person's notifications, newest first; older ones on demand (keyset). */
export const useNotificationPages = (filter: NotificationFilter) =>
  useInfiniteQuery(notificationQueries.list(filter))
