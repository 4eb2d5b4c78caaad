import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
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
 * Their data counts as fresh only for the screen the page was rendered for (see
 * useSeededUntilNavigation): a reader who signs in and comes back must get their new view, not the
 * page's.
 */
export function seedFromServer(queryClient: QueryClient, doc: Document = document): QueryKey[] {
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
  for (const key of keys) queryClient.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS })
  return keys
}

/**
 * Puts the usual freshness back on the seeded queries (`keys`) at the first navigation. Called by
 * the app's routes, on the server too (with none), so both draw the same tree (useId's ids).
 */
export function useSeededUntilNavigation(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient()
  const { key } = useLocation()
  const first = useRef(key)
  useEffect(() => {
    if (key === first.current) return
    for (const seeded of keys) queryClient.setQueryDefaults(seeded, {})
  }, [key, keys, queryClient])
}
