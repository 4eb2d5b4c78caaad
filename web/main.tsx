import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from '#web/app/app.tsx'
import { AppRoutes, preloadScreens } from '#web/app/router.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { seedFromServer } from '#web/lib/server-data.ts'
import './styles.css'

const queryClient = createQueryClient()
const container = document.getElementById('root')!
const seeded = seedFromServer(queryClient)
// Navigations are urgent updates: a screen whose chunk is still loading shows the spinner box
// (its Suspense boundary) at once, as the reader asked for it.
const app = (
  <App queryClient={queryClient}>
    <BrowserRouter useTransitions={false}>
      <AppRoutes seeded={seeded} />
    </BrowserRouter>
  </App>
)

// A public page comes with its data and the app already drawn by the server (decision 030). Once
// the data is in the cache and the screen's chunk is loaded, React hydrates that markup: nothing
// on screen is replaced. Other addresses come as the empty shell, and React renders into it.
if (container.hasChildNodes()) {
  // In a transition, React hydrates in slices and yields to the reader's taps between them, and
  // each Suspense boundary (HydrateApart) is hydrated on its own (decision 041).
  void preloadScreens(window.location.pathname)
    .catch(() => {}) // the screen's error page shows once the app renders it
    .then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  createRoot(container).render(app)
}

// The service worker (decision 054), in production builds only: the app installs, its files open
// offline, and a new version waits for the reader's Reload. Loaded apart, after the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  void import('#web/features/offline/register-service-worker.tsx').then((m) => m.registerServiceWorker())
