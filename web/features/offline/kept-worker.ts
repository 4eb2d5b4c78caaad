// The service worker's part of reading offline (decision 056), imported by the worker and by the
// pages that keep books and posts. A kept book's reads (its page, its chapters, its cover) and a
// post saved for later (its page's read, its cover) go to the network first, and only when the
// network fails or stalls are they answered from KEPT_CACHE. Nothing else of the API is ever
// cached: a read that was not kept goes to the network untouched.

/** Only Keep offline and Save for later write here; signing out deletes it whole. */
export const KEPT_CACHE = 'inkwell-kept'
/** A network slower than this, and what was kept is read from the device. */
export const KEPT_NETWORK_TIMEOUT_MS = 4000

/**
 * The API reads that may be kept: a book's page, a chapter, an uploaded file (a cover), and a post
 * as its page reads it (/api/posts/by/:writerId/:slug).
 */
const KEPT_API = /^\/api\/(books\/[^/]+(\/chapters\/[^/]+)?|posts\/by\/[^/]+\/[^/]+|files\/.+)$/

export const mayBeKept = (request: Request, url: URL) =>
  request.method === 'GET' && url.origin === self.location.origin && KEPT_API.test(url.pathname)

function withTimeout(response: Promise<Response>, ms: number): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The network is too slow')), ms)
  })
  return Promise.race([response, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Network first for what was kept, the kept copy when the network fails, stalls or errs (5xx); a
 * fresh copy replaces the kept one. What was not kept is fetched as if there were no worker.
 */
export async function networkThenKept(request: Request): Promise<Response> {
  const cache = await caches.open(KEPT_CACHE)
  const kept = await cache.match(request)
  if (!kept) return fetch(request)
  try {
    const response = await withTimeout(fetch(request), KEPT_NETWORK_TIMEOUT_MS)
    if (response.status >= 500) return kept
    if (response.ok) await cache.put(request, response.clone())
    return response
  } catch {
    return kept
  }
}
