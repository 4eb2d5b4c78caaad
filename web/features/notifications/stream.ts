import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { z } from 'zod'
import {
  StreamCleared,
  StreamCreated,
  StreamRead,
  StreamRemoved,
  StreamSnapshot,
} from '#common/schemas/notifications.ts'
import { clearCache, markReadInCache, putInLatest, refreshPages, removeFromLatest } from './api/cache.ts'
import { notificationKeys } from './api/query-keys.ts'

export const STREAM_URL = '/api/notifications/stream'

/** Reconnect delays after the browser gives up on the stream: 1 s, 2 s, 4 s … capped at 30 s. */
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 30_000
export const retryDelay = (attempt: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt)

const CLOSED = 2 // EventSource.CLOSED

function on<S extends z.ZodType>(
  source: EventSource,
  type: string,
  schema: S,
  handle: (data: z.infer<S>) => void,
) {
  source.addEventListener(type, (event) => {
    let data: unknown
    try {
      data = JSON.parse((event as MessageEvent<string>).data)
    } catch {
      return
    }
    const parsed = schema.safeParse(data)
    // An event this version of the app does not understand is skipped, not fatal.
    if (parsed.success) handle(parsed.data)
  })
}

function listen(source: EventSource, queryClient: QueryClient) {
  on(source, 'snapshot', StreamSnapshot, ({ items, unreadCount }) => {
    queryClient.setQueryData(notificationKeys.latest(), { items, unreadCount })
    // A fresh connect may follow a gap: the lists catch up too.
    refreshPages(queryClient)
  })
  on(source, 'created', StreamCreated, ({ notification, unreadCount }) => {
    putInLatest(queryClient, notification, unreadCount)
    refreshPages(queryClient)
  })
  on(source, 'read', StreamRead, ({ ids, unreadCount }) => {
    markReadInCache(queryClient, ids, unreadCount)
    refreshPages(queryClient)
  })
  on(source, 'removed', StreamRemoved, ({ ids, unreadCount }) => {
    removeFromLatest(queryClient, ids, unreadCount)
    refreshPages(queryClient)
  })
  on(source, 'cleared', StreamCleared, () => {
    clearCache(queryClient)
    refreshPages(queryClient)
  })
}

/**
 * The signed-in person's live notifications: one EventSource for the tab, feeding the query cache.
 * The browser reconnects by itself after a dropped connection (resending Last-Event-ID, so the
 * server replays what was missed); when it gives up (CLOSED: an HTTP error, a restart) we open a
 * new one with backoff, which starts with a fresh snapshot. Mount it once, only while signed in.
 */
export function useNotificationStream(enabled = true) {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0

    const connect = () => {
      const current = new EventSource(STREAM_URL)
      source = current
      current.addEventListener('open', () => {
        attempt = 0
      })
      current.addEventListener('error', () => {
        if (current.readyState !== CLOSED) return // the browser is retrying on its own
        current.close()
        timer = setTimeout(connect, retryDelay(attempt))
        attempt += 1
      })
      listen(current, queryClient)
    }
    connect()

    return () => {
      clearTimeout(timer)
      source?.close()
      // Whoever signs in next starts from their own snapshot, never this person's list.
      queryClient.removeQueries({ queryKey: notificationKeys.all })
    }
  }, [enabled, queryClient])
}
