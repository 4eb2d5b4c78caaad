import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, StrictMode, useEffect } from 'react'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { replayEarlyTaps } from '#web/lib/early-taps.ts'
import { pinNow } from '#web/lib/relative-time.ts'

/**
 * The app around its router: one tree for the browser (web/main.tsx) and the server's render of a
 * public page (web/server-render.tsx), so that the browser hydrates exactly what the server drew.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Once attached, the page is the app's: the server's mark on the root goes (journeys wait on it),
  // relative times count from the clock again, and the taps made before are made again once the
  // parts hydrated in later tasks (HydrateApart) are attached too.
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-server-rendered')
    pinNow(null)
    setTimeout(replayEarlyTaps)
  }, [])
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  )
}
