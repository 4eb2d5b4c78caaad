import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { Notification, NotificationPage } from '#common/schemas/notifications.ts'
import { type LatestNotifications, notificationKeys, notificationQueries } from './notification-queries.ts'

/** How many of the newest the cache keeps for the bell (the server's snapshot size). */
export const LATEST_KEEP = 20

type Pages = InfiniteData<NotificationPage>

const latestKey = notificationQueries.latest().queryKey

export const getLatest = (queryClient: QueryClient) => queryClient.getQueryData(latestKey)

function setLatest(queryClient: QueryClient, update: (current: LatestNotifications) => LatestNotifications) {
  queryClient.setQueryData(latestKey, (current) => update(current ?? { items: [], unreadCount: 0 }))
}

/** Newest first, the server's order: by timestamp, then id. */
const newestFirst = (a: Notification, b: Notification) =>
  a.timestamp === b.timestamp ? compare(b.id, a.id) : compare(b.timestamp, a.timestamp)
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Puts a streamed notification in the bell: a new one, or a grouped one brought up to date (the
 * same id: it replaces the one held, and goes where its timestamp says, the top after a new like).
 */
export function putInLatest(queryClient: QueryClient, notification: Notification, unreadCount: number) {
  setLatest(queryClient, (current) => ({
    items: [notification, ...current.items.filter((n) => n.id !== notification.id)]
      .sort(newestFirst)
      .slice(0, LATEST_KEEP),
    unreadCount,
  }))
}

/** Takes notifications that no longer exist out of the bell (the page lists refetch). */
export function removeFromLatest(queryClient: QueryClient, ids: string[], unreadCount: number) {
  setLatest(queryClient, (current) => ({
    items: current.items.filter((n) => !ids.includes(n.id)),
    unreadCount,
  }))
}

/** Marks `ids` (or every notification, with 'all') read in the bell and in every loaded page. */
export function markReadInCache(queryClient: QueryClient, ids: string[] | 'all', unreadCount?: number) {
  const isTarget = (n: Notification) => ids === 'all' || ids.includes(n.id)
  const markRead = (n: Notification) => (isTarget(n) && !n.isRead ? { ...n, isRead: true } : n)
  const latest = getLatest(queryClient)
  if (latest) {
    const newlyRead = latest.items.filter((n) => isTarget(n) && !n.isRead).length
    queryClient.setQueryData(latestKey, {
      items: latest.items.map(markRead),
      unreadCount: unreadCount ?? (ids === 'all' ? 0 : Math.max(0, latest.unreadCount - newlyRead)),
    })
  }
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.pages }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map(markRead) })),
        }
      : data,
  )
}

/** Empties the bell and every loaded page. */
export function clearCache(queryClient: QueryClient) {
  queryClient.setQueryData(latestKey, { items: [], unreadCount: 0 })
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.pages }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: [], nextCursor: null, unreadCount: 0 })),
        }
      : data,
  )
}

/** The page lists refetch (the active ones now, the others when next shown). */
export const refreshPages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.pages })
