/// <reference lib="webworker" />
import * as navigationPreload from 'workbox-navigation-preload'
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { KEPT_CACHE, mayBeKept, networkThenKept } from './kept-worker.ts'

// Inkwell's service worker (decision 054), built by vite-plugin-pwa (injectManifest): the build
// writes the list of files to precache into self.__WB_MANIFEST.
//
// - The app's shell (index.html), the offline page and every built file are precached. Built
//   files carry their content's hash in their name, so they are answered from the cache first.
// - A navigation always goes to the network first, so a page is never older than the server's.
//   Only when the network fails: an address kept for offline reading gets the cached shell (the
//   app draws it from what was kept), any other address the offline page.
// - The API is cached nowhere else: only the reads of a kept book or a post saved for later (issue
//   31) are answered from KEPT_CACHE when the network fails (kept-worker.ts, decision 056); the
//   rest goes to the network as if there were no worker.
// - A new version waits until the reader chooses to reload (update-offer.ts): it takes over
//   on the page's SKIP_WAITING message, never by itself, and never claims an open page.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

/** The built index.html: an empty root the app renders into. */
const SHELL = '/index.html'
const OFFLINE_PAGE = '/offline.html'

// Without these two options Workbox would answer "/" with the precached index.html, and "/about"
// with "/about.html": every page here is the server's, fresh, so no address maps to a file.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

// The page's request starts while the worker wakes up, instead of after it.
navigationPreload.enable()

async function offlineAnswer(url: string): Promise<Response> {
  const kept = await caches.match(url, { cacheName: KEPT_CACHE })
  const answer = await matchPrecache(kept ? SHELL : OFFLINE_PAGE)
  return answer ?? Response.error()
}

// A kept book's page, chapters and cover, a saved post and its cover: network first, the kept copy
// offline (decision 056).
registerRoute(
  ({ request, url }) => mayBeKept(request, url),
  ({ request }) => networkThenKept(request),
)

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: ({ request }) => offlineAnswer(request.url) }],
    }),
    // An API address opened as a page (a download, a sign-in callback) is the browser's own.
    { denylist: [/^\/api\//] },
  ),
)

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
