import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { z } from 'zod'
import { clearCache, markReadInCache, putInLatest, refreshPages, removeFromLatest } from './api/cache.ts'
import { notificationKeys, notificationQueries } from './api/notification-queries.ts'
import { notificationSchemas } from './api/schemas.ts'

export const STREAM_URL = '/api/notifications/stream'

/** Reconnect delays after the browser gives up on the stream: 1 s, 2 s, 4 s … capped at 30 s. */
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 30_000
export const retryDelay = (attempt: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt)

const CLOSED = 2 // EventSource.CLOSED

type Schemas = Awaited<ReturnType<typeof notificationSchemas>>

/**
 * Handles the stream's `type` events. Every event waits on the same promise of the schemas, so
 * events are handled in the order they came, also while the schemas are still loading.
 */
function on<S extends z.ZodType>(
  source: EventSource,
  schemas: Promise<Schemas>,
  type: string,
  schemaOf: (schemas: Schemas) => S,
  handle: (data: z.infer<S>) => void,
) {
  source.addEventListener(type, (event) => {
    let data: unknown
    try {
      data = JSON.parse((event as MessageEvent<string>).data)
    } catch {
      return
    }
    void schemas.then((loaded) => {
      const parsed = schemaOf(loaded).safeParse(data)
      // An event this version of the app does not understand is skipped, not fatal.
      if (parsed.success) handle(parsed.data)
    })
  })
}

function listen(source: EventSource, queryClient: QueryClient) {
  const schemas = notificationSchemas()
  on(
    source,
    schemas,
    'snapshot',
    (s) => s.StreamSnapshot,
    ({ items, unreadCount }) => {
      queryClient.setQueryData(notificationQueries.latest().queryKey, { items, unreadCount })
      // A fresh connect may follow a gap: the lists catch up too.
      refreshPages(queryClient)
    },
  )
  on(
    source,
    schemas,
    'created',
    (s) => s.StreamCreated,
    ({ notification, unreadCount }) => {
      putInLatest(queryClient, notification, unreadCount)
      refreshPages(queryClient)
    },
  )
  on(
    source,
    schemas,
    'read',
    (s) => s.StreamRead,
    ({ ids, unreadCount }) => {
      markReadInCache(queryClient, ids, unreadCount)
      refreshPages(queryClient)
    },
  )
  on(
    source,
    schemas,
    'removed',
    (s) => s.StreamRemoved,
    ({ ids, unreadCount }) => {
      removeFromLatest(queryClient, ids, unreadCount)
      refreshPages(queryClient)
    },
  )
  on(
    source,
    schemas,
    'cleared',
    (s) => s.StreamCleared,
    () => {
      clearCache(queryClient)
      refreshPages(queryClient)
    },
  )
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
