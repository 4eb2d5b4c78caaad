// Shared helpers for web tests. Only the network boundaries are faked: `fetch` (the API) and the
// Better Auth browser client (its session). Everything else is the real app code.
//
// Use the fake auth client in a test file with:
//   vi.mock('#web/lib/auth-client.ts', async (importOriginal) => ({
//     ...(await importOriginal<object>()),
//     authClient: (await import('#web/test/render.tsx')).fakeAuthClient,
//   }))
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { useSyncExternalStore } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { Me } from '#common/schemas/profile.ts'

// ---------------------------------------------------------------------------------------------
// The Better Auth session, as `authClient.useSession()` reports it.

export interface FakeUser {
  id: string
  name: string
  email: string
}

interface FakeSessionState {
  data: { user: FakeUser; session: { id: string; userId: string } } | null
  isPending: boolean
  error: null
}

const SIGNED_OUT: FakeSessionState = { data: null, isPending: false, error: null }
let sessionState: FakeSessionState = SIGNED_OUT
const listeners = new Set<() => void>()

function setSessionState(next: FakeSessionState) {
  sessionState = next
  for (const listener of listeners) listener()
}

/** Drives the fake session: what Better Auth would report to the app. */
export const fakeAuth = {
  /** The first report has not arrived yet. */
  pending: () => setSessionState({ data: null, isPending: true, error: null }),
  signedOut: () => setSessionState(SIGNED_OUT),
  signedIn: (user: Partial<FakeUser> = {}) => {
    const full = { id: 'user-1', name: 'Ada Writer', email: 'ada@example.com', ...user }
    setSessionState({
      data: { user: full, session: { id: 'session-1', userId: full.id } },
      isPending: false,
      error: null,
    })
  },
  reset: () => {
    setSessionState(SIGNED_OUT)
    fakeAuthClient.signOut.mockClear()
  },
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Stands in for `authClient` from '#web/lib/auth-client.ts'. */
export const fakeAuthClient = {
  useSession: () => useSyncExternalStore(subscribe, () => sessionState),
  signOut: vi.fn(async () => {
    setSessionState(SIGNED_OUT)
    return { data: { success: true }, error: null }
  }),
}

// ---------------------------------------------------------------------------------------------
// The API, through a stubbed global fetch.

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status)
}

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>

/**
 * Replaces the global fetch. `routes` maps "METHOD /path" (or just "/path" for GET) to a handler;
 * an unexpected call fails the test loudly. Returns the mock to inspect calls.
 */
export function stubFetch(routes: Record<string, Handler | Response> = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]
    const handler = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined)
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url}`)
    return typeof handler === 'function' ? handler(url, init) : handler.clone()
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

/** Calls to the given path (any method) made through a stubbed fetch. */
export function callsTo(mock: ReturnType<typeof stubFetch>, path: string) {
  return mock.mock.calls.filter(([input]) => String(input).split('?')[0].endsWith(path))
}

/** A GET /api/me answer for the signed-in person. */
export function meBody(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-1',
    name: 'Ada Writer',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    role: 'user',
    bio: '',
    intent: null,
    interests: [],
    links: [],
    onboarded: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** A promise with its resolve handle, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

// ---------------------------------------------------------------------------------------------
// console.error: a test that logs one unexpectedly fails (CONVENTIONS.md).

/** Gaps of jsdom, not of the app: React warns about elements jsdom does not know yet. */
const JSDOM_NOISE = [/The tag <%s> is unrecognized in this browser/]

const isJsdomNoise = (first: unknown) => JSDOM_NOISE.some((noise) => noise.test(String(first)))

/** Watches console.error: still prints what the app logs, stays quiet about jsdom's known gaps. */
export function spyOnConsoleError() {
  const original = console.error
  return vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isJsdomNoise(args[0])) original(...args)
  })
}

/** The console.error calls made so far, minus jsdom's known gaps. */
export function unexpectedConsoleErrors(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.filter(([first]) => !isJsdomNoise(first))
}

// ---------------------------------------------------------------------------------------------
// Rendering.

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

/** Renders routes in a memory router at `path`, inside a fresh query client. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = createTestQueryClient()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}

/** Shows the current location, so a test can see where a navigation landed. */
export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}
