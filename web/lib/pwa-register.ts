/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register'
import { appUpdate } from './pwa-update.ts'

/** An installed app can stay open for days: it asks for a new version this often as well. */
const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker (decision 054) once the page has loaded, so installing it never
 * competes with the page's own requests. Production builds only: web/main.tsx loads this module
 * when import.meta.env.PROD, so neither `npm run dev` nor the tests run a worker.
 */
export function registerServiceWorker() {
  const skipWaiting = registerSW({
    onNeedRefresh: () => appUpdate.offer(() => skipWaiting()),
    // The plugin would reload the page here; whether to is the reader's choice (pwa-update.ts).
    onNeedReload: () => appUpdate.tookOver(),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS)
    },
  })
}
