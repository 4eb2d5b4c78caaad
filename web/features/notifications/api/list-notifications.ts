import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { NotificationPage } from '#common/schemas/notifications.ts'
import { api } from '#web/lib/api-client.ts'
import { type NotificationFilter, notificationKeys } from './query-keys.ts'

export function fetchNotifications({
  filter,
  cursor,
  signal,
}: {
  filter: NotificationFilter
  cursor?: string
  signal?: AbortSignal
}) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT), filter })
  if (cursor) params.set('cursor', cursor)
  return api(`/api/notifications?${params}`, NotificationPage, { signal })
}

/** The signed-in person's notifications, newest first; older ones on demand (keyset). */
export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.page(filter),
    queryFn: ({ pageParam, signal }) => fetchNotifications({ filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}
