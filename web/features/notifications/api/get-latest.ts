import { useQuery } from '@tanstack/react-query'
import { notificationQueries } from './notification-queries.ts'

/** The bell's data, as the stream keeps it (pending until the stream has spoken). */
export const useLatestNotifications = () => useQuery(notificationQueries.latest())
