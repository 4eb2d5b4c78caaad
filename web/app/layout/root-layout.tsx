import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { HydrateApart } from '#web/components/hydrate-apart.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { OfflineSync } from './offline-sync.tsx'
import { RouteFocus } from './route-focus.tsx'
import { ScrollRestoration } from './scroll-restoration.tsx'

export function RootLayout() {
  // A screen asks for no chrome by drawing an element with data-focus-mode (the book reader's focus
  // mode): the site's header and footer go, in the server's markup as in the browser's.
  return (
    <div className="flex min-h-screen flex-col [&:has([data-focus-mode])>:is(header,footer)]:hidden">
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
      <OfflineSync />
    </div>
  )
}
