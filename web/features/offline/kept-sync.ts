import { hashKey, type QueryClient } from '@tanstack/react-query'
import { PAGE_SIZE_MAX } from '#common/constants.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { syncKeptBooks } from './kept-books.ts'
import { syncKeptPosts } from './kept-posts.ts'
import { anythingKept, clearKept } from './kept-store.ts'

const books = schemasOf(() => import('#common/schemas/books.ts'))
const readingList = schemasOf(() => import('#common/schemas/reading-list.ts'))

/** Every item of a keyset-paged list, page after page. */
async function everyPage<T>(
  read: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  const items: T[] = []
  let cursor: string | null = null
  do {
    const page = await read(cursor)
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return items
}

const pageQuery = (cursor: string | null) =>
  `limit=${PAGE_SIZE_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`

/** Every book in the reader's library (GET /api/me/library, page after page). */
async function ownedBookIds(): Promise<Set<string>> {
  const items = await everyPage((cursor) =>
    api(
      `/api/me/library?${pageQuery(cursor)}`,
      books((m) => m.LibraryPage),
    ),
  )
  return new Set(items.map((item) => item.book.id))
}

/** Every post on the reader's reading list, and whether its body is theirs now. */
async function savedPosts(): Promise<Map<string, boolean>> {
  const items = await everyPage((cursor) =>
    api(
      `/api/me/reading-list?${pageQuery(cursor)}`,
      readingList((m) => m.ReadingListPage),
    ),
  )
  return new Map(items.map((item) => [item.post.id, item.readable]))
}

/**
 * What is kept on the device follows the session (decision 056). Once the server has said who is
 * signed in: no one (signed out, here or in another tab, or the session ended) clears every kept
 * book and post; someone drops the books they no longer own (a refund), the posts no longer on
 * their list or locked to them now (a subscription ended), and anyone else's. Again each time the
 * network returns. Offline the session is not read, so nothing is cleared by mistake. Answers how
 * to stop watching.
 */
export function watchKept(queryClient: QueryClient): () => void {
  // The cache, not one query: signing out clears every query, and the session is read anew.
  const session = sessionQueries.session().queryKey
  const sessionHash = hashKey(session)
  let userId: string | null | undefined // undefined: not known yet
  const sync = () => {
    if (userId === undefined || !navigator.onLine || !anythingKept()) return
    if (!userId) void clearKept()
    else {
      void syncKeptBooks(userId, ownedBookIds).catch(() => undefined)
      void syncKeptPosts(userId, savedPosts).catch(() => undefined)
    }
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
