import { hashKey, type QueryClient } from '@tanstack/react-query'
import { PAGE_SIZE_MAX } from '#common/constants.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { clearKeptBooks, readKeptBooks, syncKeptBooks } from './kept-books.ts'

const books = schemasOf(() => import('#common/schemas/books.ts'))

/** Every book in the reader's library (GET /api/me/library, page after page). */
async function ownedBookIds(): Promise<Set<string>> {
  const owned = new Set<string>()
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const page = await api(
      `/api/me/library?limit=${PAGE_SIZE_MAX}${query}`,
      books((m) => m.LibraryPage),
    )
    for (const item of page.items) owned.add(item.book.id)
    cursor = page.nextCursor
  } while (cursor)
  return owned
}

/**
 * Kept books follow the session (decision 056). Once the server has said who is signed in: no one
 * (signed out, here or in another tab, or the session ended) clears every kept book; someone drops
 * the books they no longer own (a refund) and anyone else's. Again each time the network returns.
 * Offline the session is not read, so nothing is cleared by mistake. Answers how to stop watching.
 */
export function watchKeptBooks(queryClient: QueryClient): () => void {
  // The cache, not one query: signing out clears every query, and the session is read anew.
  const session = sessionQueries.session().queryKey
  const sessionHash = hashKey(session)
  let userId: string | null | undefined // undefined: not known yet
  const sync = () => {
    if (userId === undefined || !navigator.onLine || !readKeptBooks().length) return
    if (!userId) void clearKeptBooks()
    else void syncKeptBooks(userId, ownedBookIds).catch(() => undefined)
  }
  const check = () => {
    const state = queryClient.getQueryState(session)
    if (state?.status !== 'success') return
    const now = state.data?.user.id ?? null
    if (now === userId) return
    userId = now
    sync()
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === sessionHash) check()
  })
  check()
  window.addEventListener('online', sync)
  return () => {
    unsubscribe()
    window.removeEventListener('online', sync)
  }
}
