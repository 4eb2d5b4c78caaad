import type { RefObject } from 'react'

/** What each open pane of the book workspace must save before the book is submitted or left. */
export type Flushers = RefObject<Map<string, () => Promise<boolean>>>

/** Saves every open pane now; true when everything is on the server. */
export async function flushAll(flushers: Flushers): Promise<boolean> {
  const results = await Promise.all([...flushers.current.values()].map((flush) => flush()))
  return results.every(Boolean)
}
