import { queryKeys } from '#common/query-keys.ts'

/** Every notification query lives under ['notifications', ...]; the stream refreshes them together. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The newest few and the unread count, for the bell; filled by the stream, never fetched. */
  latest: () => queryKeys.latestNotifications,
  pages: () => ['notifications', 'page'] as const,
  page: (filter: NotificationFilter) => ['notifications', 'page', { filter }] as const,
}

export type NotificationFilter = 'all' | 'unread'
