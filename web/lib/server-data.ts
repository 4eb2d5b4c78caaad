import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { SeededQuery } from '#common/query-keys.ts'
import { pinNow } from './relative-time.ts'

// A server-rendered page (decisions 026, 030 and 041) carries the data of the queries its screen
// runs first, as this visitor would fetch it (their session included), under the web's own query
// keys. The server
// renders the app over that data, and the browser seeds its cache with the same data before it
// hydrates: both draw the same page, and the browser fetches none of it again.

export const SERVER_DATA_ID = 'inkwell-data'

/** How long seeded data counts as fresh: the screen's first mount must not fetch it again. */
const SEEDED_FRESH_MS = 60_000

interface ServerData {
  /** The server's clock when it drew the page: relative times count from it until hydrated. */
  now: number
  queries: SeededQuery[]
}

/** Puts each query's data in the cache (an infinite query's as its first page). */
export function seedQueries(queryClient: QueryClient, queries: SeededQuery[]): QueryKey[] {
  return queries.map(({ key, data, infinite }) => {
    queryClient.setQueryData(key, infinite ? { pages: [data], pageParams: [undefined] } : data)
    return key
  })
}

/**
 * Puts the page's data in the cache (and removes it from the document). Returns the seeded keys.
 * Their data counts as fresh only for the screen the page was rendered for: `router` is watched
 * and the first navigation puts the usual freshness back (a reader who signs in and comes back
 * must get their new view, not the page's).
 */
export function seedFromServer(
  queryClient: QueryClient,
  router: RouterLike,
  doc: Document = document,
): QueryKey[] {
  const element = doc.getElementById(SERVER_DATA_ID)
  if (!element) return []
  element.remove()
  let parsed: ServerData
  try {
    parsed = JSON.parse(element.textContent ?? '') as ServerData
  } catch {
    return []
  }
  const keys = seedQueries(queryClient, parsed.queries)
  pinNow(parsed.now)
  if (keys.length) {
    for (const key of keys) queryClient.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS })
    const first = router.state.location.key
    const unsubscribe = router.subscribe((state) => {
      if (state.location.key === first) return
      unsubscribe()
      for (const key of keys) queryClient.setQueryDefaults(key, {})
    })
  }
  return keys
}

interface RouterState {
  initialized: boolean
  /** Each navigation makes a new key; the router's own start keeps it. */
  location: { key: string }
}

interface RouterLike {
  state: RouterState
  subscribe(listener: (state: RouterState) => void): () => void
}

/**
 * Resolves once the router has loaded the first screen's lazy chunk. Hydrating before that would
 * meet the root's loading fallback where the server drew the screen (a mismatch, and a flash);
 * after it, React's first render is the server's page.
 */
export function whenRouterReady(router: RouterLike): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}
