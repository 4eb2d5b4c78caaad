// Rendering for web tests: the real app around the code under test (the app's query client, a
// memory router, the toast container). Only the network is faked: fetch (./fetch.ts) and Better
// Auth's client (./fake-auth.ts).
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'

/** Where the memory router is, for a test to read, and a way to go elsewhere from outside. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType }
  navigate: NavigateFunction
}

/** Renders routes in a memory router at `path`, inside a fresh query client. */
export function renderRoutes(routes: RouteObject[], path = '/', queryClient = createQueryClient()) {
  const router = {} as TestRouter
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <Routes routes={routes} router={router} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient, user }
}

function Routes({ routes, router }: { routes: RouteObject[]; router: TestRouter }) {
  router.state = { location: useLocation(), historyAction: useNavigationType() }
  router.navigate = useNavigate()
  return useRoutes(routes)
}

/** Renders `ui` at `path` (query included); any other path shows a LocationProbe. */
export function renderAt(ui: ReactNode, path = '/') {
  const { pathname } = new URL(path, 'http://inkwell.test')
  return renderRoutes(
    [
      { path: pathname, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
}

/** Shows the current location, so a test can see where a navigation landed. */
export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Where a navigation landed (path and query), once a LocationProbe is on screen. */
export const landedAt = async () => (await screen.findByTestId('location')).textContent
