// Test helpers for the account screens. Better Auth's client is the network boundary: tests replace
// it with fakeAuthClient() (./fake-auth-client.ts) through vi.mock('#web/lib/auth-client.ts') and
// drive everything else for real.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { createMemoryRouter, useLocation } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { ToastContainer } from 'react-toastify'
import { afterEach } from 'vitest'
import type { Me } from '#common/schemas/profile.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'
import { type fakeAuthClient, signedOut } from './fake-auth-client.ts'

// Vitest runs without globals here, so Testing Library can't unmount after each test by itself.
afterEach(cleanup)

type FakeAuthClient = ReturnType<typeof fakeAuthClient>

/** The mocked client, typed as the fake it is. */
export const mockedAuth = () => authClient as unknown as FakeAuthClient

/** Back to a signed-out visitor whose calls have not been answered yet. */
export function resetAuthClient() {
  const auth = mockedAuth()
  for (const fn of [
    auth.signIn.email,
    auth.signIn.magicLink,
    auth.signUp.email,
    auth.requestPasswordReset,
    auth.resetPassword,
  ]) {
    fn.mockReset()
  }
  auth.useSession.mockReset()
  auth.useSession.mockImplementation(signedOut)
}

/** What Better Auth's client answers: { data, error }. */
export const authOk = (data: unknown = { status: true }) => ({ data, error: null })
export const authFail = (error: { code?: string; message: string; status: number }) => ({
  data: null,
  error: { statusText: '', ...error },
})

export const ME: Me = {
  id: 'user-1',
  name: 'Grace Hopper',
  email: 'grace@inkwell.test',
  emailVerified: true,
  image: null,
  role: 'user',
  bio: '',
  intent: 'both',
  interests: [],
  links: [],
  onboarded: true,
  createdAt: '2024-01-01T00:00:00.000Z',
}

/** A signed-in session, with the profile already cached so nothing is fetched. */
export function startSignedIn(queryClient: QueryClient) {
  queryClient.setQueryData(ME_QUERY_KEY, ME)
  mockedAuth().useSession.mockImplementation(() => ({
    ...signedOut(),
    data: { user: { id: ME.id, name: ME.name, email: ME.email }, session: { id: 'session-1' } },
  }))
}

/** Any screen the account screens send people to: it shows where we are. */
function Destination() {
  const location = useLocation()
  return <h1>Arrived at {location.pathname + location.search}</h1>
}

/**
 * Renders `Screen` at `path` (its route path is taken from it) inside a memory router and a query
 * client, with every other path answered by a stand-in page.
 */
export function renderScreen(
  Screen: ComponentType,
  url: string,
  options: { beforeRender?: (qc: QueryClient) => void } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  options.beforeRender?.(queryClient)
  const pathname = new URL(url, 'http://inkwell.test').pathname
  const router = createMemoryRouter(
    [
      { path: pathname, Component: Screen },
      { path: '*', Component: Destination },
    ],
    { initialEntries: [url] },
  )
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient, user, location: () => router.state.location }
}
