import { KEPT_CACHE } from './kept-worker.ts'

// What kept books and saved posts share on the device (decision 056): one Cache Storage cache,
// KEPT_CACHE, holding each kept API answer under the very address the page asks for (and the
// pages' own addresses as empty markers, so an offline visit gets the app), and one small index
// per kind in localStorage, which the buttons and lists read.

export const KEPT_BOOKS_KEY = 'inkwell:kept-books'
export const KEPT_POSTS_KEY = 'inkwell:kept-posts'
const KEPT_KEYS = [KEPT_BOOKS_KEY, KEPT_POSTS_KEY]

export function readKept<T>(key: string): T[] {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(kept) ? kept : []
  } catch {
    return []
  }
}

const listeners = new Set<() => void>()

export function writeKept<T>(key: string, kept: T[]) {
  if (kept.length) localStorage.setItem(key, JSON.stringify(kept))
  else localStorage.removeItem(key)
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore: a button or list hears of a book or post kept, removed or cleared elsewhere. */
export function onKeptChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Whether anything at all is kept on this device. */
export const anythingKept = () => KEPT_KEYS.some((key) => readKept(key).length > 0)

/** Stores `response` under `url` as it came, and answers its size. */
export async function storeKept(cache: Cache, url: string, response: Response): Promise<number> {
  const body = await response.arrayBuffer()
  await cache.put(url, new Response(body, { status: response.status, headers: response.headers }))
  return body.byteLength
}

/** A page's own address, kept as an empty marker: offline, the worker answers it with the app. */
export const markKeptPage = (cache: Cache, url: string) => cache.put(url, new Response(null, { status: 204 }))

/** Signing out: every kept book and post leaves the device. */
export async function clearKept(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(KEPT_CACHE)
  for (const key of KEPT_KEYS) writeKept(key, [])
}
