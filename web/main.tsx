import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { router } from '#web/app/router.tsx'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { seedFromServer, whenRouterReady } from '#web/lib/server-data.ts'
import './styles.css'

const queryClient = createQueryClient()
const container = document.getElementById('root')!
// A server-rendered page (decision 026) stays on screen until React can paint the same page:
// its data seeded into the cache, its screen's chunk loaded.
const serverRendered = container.hasChildNodes()
seedFromServer(queryClient, router)

void (serverRendered ? whenRouterReady(router) : Promise.resolve()).then(() => {
  const root = createRoot(container)
  // As a transition, React renders the first screen in slices and lets the browser in between
  // (a phone stays responsive while it works); the server's page stays up until it is done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
})
