import { useEffect } from 'react'
import { sendUnsentPositions } from '#web/features/books/api/books.ts'
import { sendUnsentReaderSettings } from '#web/features/books/lib/reader-settings.ts'
import { useKeptBooksSync } from '#web/features/offline/kept-books-sync.ts'

/**
 * What the reader did offline reaches the server, and kept books follow the session (decision
 * 056): on start, and each time the network returns.
 */
export function OfflineSync() {
  useKeptBooksSync()
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine) return
      void sendUnsentPositions()
      void sendUnsentReaderSettings()
    }
    send()
    window.addEventListener('online', send)
    return () => window.removeEventListener('online', send)
  }, [])
  return null
}
