/// <reference types="vite-plugin-pwa/vanillajs" />

import { registerSW } from 'virtual:pwa-register'
import { createRoot } from 'react-dom/client'
import { UpdatePrompt } from './components/update-prompt.tsx'
import { appUpdate } from './update-offer.ts'

/** An installed app can stay open for days: it asks for a new version this often as well. */
const UPDATE_CHECK_MS = 60 * 60 * 1000

let promptShown = false
/**
 * The prompt has its own small root at the end of the page, drawn once a new version is there:
 * none of it is in the app's first load, and it outlives any screen.
 */
function showPrompt() {
  if (promptShown) return
  promptShown = true
  const node = document.createElement('div')
  document.body.append(node)
  createRoot(node).render(<UpdatePrompt />)
}

/**
 * Registers the service worker (decision 054) once the page has loaded, so installing it never
 * competes with the page's own requests. Production builds only: web/main.tsx loads this module
 * when import.meta.env.PROD, so neither `npm run dev` nor the tests run a worker.
 */
export function registerServiceWorker() {
  const skipWaiting = registerSW({
    onNeedRefresh: () => {
      appUpdate.offer(() => skipWaiting())
      showPrompt()
    },
    // The plugin would reload the page here; whether to is the reader's choice (update-offer.ts).
    onNeedReload: () => {
      appUpdate.tookOver()
      showPrompt()
    },
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS)
    },
  })
}
