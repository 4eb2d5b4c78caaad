import { infiniteQueryOptions, keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { queryKeys } from '#common/query-keys.ts'
import type { Notification } from '#common/schemas/notifications.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'
import { notifications } from './schemas.ts'

// Every notification query as TanStack Query options, all under ['notifications', ...]: the stream
// refreshes the lists together (`notificationKeys.pages`) and forgets them all at sign-out. The
// bell's key is the one a server-rendered page seeds (common/query-keys.ts). The bell is part of
// the app shell: the schemas load on use.

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every filter's list (what the stream and the mutations refresh). */
  pages: ['notifications', 'page'] as const,
}

export type NotificationFilter = 'all' | 'unread'

/** What the bell shows: the newest notifications the stream has sent, and the unread count. */
export interface LatestNotifications {
  items: Notification[]
  unreadCount: number
}

export const notificationQueries = {
  /**
   * The bell's newest few and the unread count. Nothing fetches it: the stream
   * (useNotificationStream) puts its snapshot here on connect and keeps it current, so it stays
   * pending until the stream has spoken.
   */
  latest: () =>
    queryOptions<LatestNotifications>({
      queryKey: queryKeys.latestNotifications,
      queryFn: skipToken,
      staleTime: Number.POSITIVE_INFINITY,
    }),

  /** GET /api/notifications: the signed-in person's notifications, newest first; older ones on demand. */
  list: (filter: NotificationFilter) =>
    infiniteQueryOptions({
      queryKey: [...notificationKeys.pages, { filter }] as const,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT), filter })
        if (pageParam) params.set('cursor', pageParam)
        return api(
          `/api/notifications?${params}`,
          notifications((m) => m.NotificationPage),
          { signal },
        )
      },
      ...cursorPages,
      placeholderData: keepPreviousData,
    }),
}
