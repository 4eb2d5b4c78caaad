import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/** Loaded after the first screen: none of it is needed to draw a page. */
const load = () =>
  Promise.all([
    import('#web/features/offline/kept-sync.ts'),
    import('#web/features/books/api/books.ts'),
    import('#web/features/books/lib/reader-settings.ts'),
  ])

/**
 * What the reader did offline reaches the server, and kept books and posts follow the session (decision
 * 056): on start, and each time the network returns.
 */
export function OfflineSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void load().then(([kept, positions, settings]) => {
      if (stopped) return
      const send = () => {
        if (!navigator.onLine) return
        void positions.sendUnsentPositions()
        void settings.sendUnsentReaderSettings()
      }
      const unwatch = kept.watchKept(queryClient)
      send()
      window.addEventListener('online', send)
      stop = () => {
        unwatch()
        window.removeEventListener('online', send)
      }
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [queryClient])
  return null
}
