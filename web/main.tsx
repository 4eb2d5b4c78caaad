import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { App } from '#web/app/app.tsx'
import { routes } from '#web/app/router.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { seedFromServer, whenRouterReady } from '#web/lib/server-data.ts'
import './styles.css'

const router = createBrowserRouter(routes)
const queryClient = createQueryClient()
const container = document.getElementById('root')!
const app = (
  <App queryClient={queryClient}>
    <RouterProvider router={router} />
  </App>
)

// A public page comes with its data and the app already drawn by the server (decision 030). Once
// the data is in the cache and the screen's chunk is loaded, React hydrates that markup: nothing
// on screen is replaced. Other addresses come as the empty shell, and React renders into it.
seedFromServer(queryClient, router)
if (container.hasChildNodes()) {
  // In a transition, React hydrates in slices and yields to the reader's taps between them, and
  // each Suspense boundary (HydrateApart) is hydrated on its own (decision 041).
  void whenRouterReady(router).then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  createRoot(container).render(app)
}
