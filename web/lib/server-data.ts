import type { QueryClient, QueryKey } from '@tanstack/react-query'

// A server-rendered page (decision 026) carries the data of the queries its screen runs first, as
// the signed-out reader would fetch it, under the web's own query keys. Seeding the cache with it
// before the first render is what lets the app paint the same page without fetching it again.

export const SERVER_DATA_ID = 'inkwell-data'

/** How long seeded data counts as fresh: the screen's first mount must not fetch it again. */
const SEEDED_FRESH_MS = 60_000

interface ServerData {
  /** false when the request carried a session: the data is the signed-out view, refetched at once. */
  fresh: boolean
  queries: Array<{ key: QueryKey; data: unknown; infinite?: boolean }>
}

/**
 * Puts the page's data in the cache (and removes it from the document). Returns the seeded keys.
 * Their data counts as fresh only for the screen the page was rendered for: `router` is watched
 * and the first navigation puts the usual freshness back (a reader who signs in and comes back
 * must get their own view, not the signed-out one).
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
  const keys = parsed.queries.map(({ key, data, infinite }) => {
    queryClient.setQueryData(key, infinite ? { pages: [data], pageParams: [undefined] } : data)
    return key
  })
  if (parsed.fresh && keys.length) {
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
 * Resolves once the router has loaded the first screen's lazy chunk. Rendering before that would
 * replace the server's HTML with the root's loading fallback (a flash); after it, React's first
 * paint is the screen itself.
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
