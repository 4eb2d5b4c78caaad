import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { HydrateApart } from '#web/components/hydrate-apart.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { RouteFocus } from './route-focus.tsx'
import { ScrollRestoration } from './scroll-restoration.tsx'

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
        {/* While a screen's chunk loads, the spinner box stands in for it. */}
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateApart>
        <Footer />
      </HydrateApart>
      <ScrollRestoration />
      <RouteFocus />
    </div>
  )
}
