import { act, screen, waitFor } from '@testing-library/react'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, renderRoutes } from '#web/test/render.tsx'
import { RequireAdmin, RequireAuth, safeRedirect } from './guards.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const testRoutes: RouteObject[] = [
  { path: '/', element: <h1>Home</h1> },
  {
    path: '/login',
    element: (
      <>
        <h1>Sign in</h1>
        <LocationProbe />
      </>
    ),
  },
  { Component: RequireAuth, children: [{ path: '/dashboard', element: <h1>Dashboard</h1> }] },
  { Component: RequireAdmin, children: [{ path: '/admin', element: <h1>Admin</h1> }] },
]

describe('RequireAuth', () => {
  it('shows the loading status while the session is being checked, then the screen', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.pending()
    const { router } = renderRoutes(testRoutes, '/dashboard')

    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…')
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')

    act(() => fakeAuth.signedIn())
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('does not send a visitor to sign in before the check is over', async () => {
    fakeAuth.pending()
    const { router } = renderRoutes(testRoutes, '/dashboard')
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('sends a signed-out visitor to /login with the path and query to come back to', async () => {
    fakeAuth.signedOut()
    const { router } = renderRoutes(testRoutes, '/dashboard?tab=drafts&page=2')

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toBe(
      `?redirectTo=${encodeURIComponent('/dashboard?tab=drafts&page=2')}`,
    )
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/dashboard?tab=drafts&page=2',
    )
    // Replaced, so Back does not bounce between the guard and the sign-in screen.
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('renders the signed-in screen for a signed-in user', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/dashboard')

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('sends the user to sign in when the session ends while on a signed-in screen', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })

    act(() => fakeAuth.signedOut())
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?redirectTo=%2Fdashboard')
  })
})

describe('RequireAdmin', () => {
  it('sends a signed-in user whose role is not admin to /', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody({ role: 'user' })) })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/admin')

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument()
    // Told why, once.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The admin area is for administrators only, so we brought you to the home page.',
    )
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })

  it("treats a profile without a role as 'user' and sends it to /", async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody({ role: null })) })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/admin')

    await screen.findByRole('heading', { name: 'Home' })
    expect(router.state.location.pathname).toBe('/')
  })

  it('sends a signed-in user without a profile (404) to /', async () => {
    stubFetch({ '/api/me': () => errorResponse(404, 'not_found', 'No profile') })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/admin')

    await screen.findByRole('heading', { name: 'Home' })
    expect(router.state.location.pathname).toBe('/')
    expect(console.error).not.toHaveBeenCalled()
  })

  it('waits for the role before deciding, then renders the screen for an admin', async () => {
    const answer = deferred<Response>()
    const fetch = stubFetch({ '/api/me': () => answer.promise })
    fakeAuth.signedIn()
    const { router } = renderRoutes(testRoutes, '/admin')

    await waitFor(() => expect(callsTo(fetch, '/api/me')).toHaveLength(1))
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…')
    expect(router.state.location.pathname).toBe('/admin')

    answer.resolve(jsonResponse(meBody({ role: 'admin' })))
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin')
  })

  it('shows the loading status while the session is being checked', () => {
    fakeAuth.pending()
    renderRoutes(testRoutes, '/admin')
    expect(screen.getByRole('status')).toBeInTheDocument()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login and back to the same address', async () => {
    const fetch = stubFetch()
    fakeAuth.signedOut()
    const { router } = renderRoutes(testRoutes, '/admin?tab=users')

    await screen.findByRole('heading', { name: 'Sign in' })
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/admin?tab=users')
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('safeRedirect', () => {
  it('accepts a path of ours', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard')
    expect(safeRedirect('/forum/math?page=2#reply')).toBe('/forum/math?page=2#reply')
  })

  it('falls back to the dashboard when there is no target', () => {
    expect(safeRedirect(null)).toBe('/dashboard')
    expect(safeRedirect('')).toBe('/dashboard')
    expect(safeRedirect(null, '/welcome')).toBe('/welcome')
  })

  it.each([
    ['//evil.com'],
    ['https://x'],
    ['http://evil.com/dashboard'],
    ['javascript:alert(1)'],
    ['dashboard'],
    // Browsers read a backslash as a slash, and drop tabs and newlines, so these leave the site too.
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
  ])('rejects %j, which would leave Inkwell', (target) => {
    expect(safeRedirect(target)).toBe('/dashboard')
    expect(safeRedirect(target, '/welcome')).toBe('/welcome')
  })
})

describe('the route table', () => {
  // PRODUCT.md: routes that need sign-in, and the admin-only one.
  const signedIn = [
    '/post',
    '/welcome',
    '/dashboard',
    '/pending',
    '/topics',
    '/settings',
    '/earnings',
    '/subscriptions',
    '/overview',
    '/postbook',
    '/postexam',
    '/exams',
    '/examroom/e1',
    '/leaderboard/e1',
    '/examresults/e1',
    '/forum',
    '/forum/math',
  ]
  const publicPaths = [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/notifications',
    '/contents',
    '/contact',
    '/books',
    '/payment/success',
    '/payment/failed',
    '/payment/error',
    '/payment',
    '/subject/math',
    '/learn/u1/algebra',
    '/read/b1',
    '/privacy',
    '/terms',
    '/aboutus',
    '/academic',
    '/fiction',
    '/truestories',
    '/profile',
    '/writer/w1',
    '/search/poems',
  ]

  async function guardsFor(path: string) {
    const { routes } = await import('./router.tsx')
    const matches = matchRoutes(routes, path) ?? []
    const leaf = matches.at(-1)?.route
    return {
      known: Boolean(leaf) && leaf?.path !== '*',
      auth: matches.some((m) => m.route.Component === RequireAuth),
      admin: matches.some((m) => m.route.Component === RequireAdmin),
    }
  }

  it.each(signedIn)('%s needs sign-in', async (path) => {
    expect(await guardsFor(path)).toEqual({ known: true, auth: true, admin: false })
  })

  it('/admin is admin-only', async () => {
    expect(await guardsFor('/admin')).toEqual({ known: true, auth: false, admin: true })
  })

  it.each(publicPaths)('%s is public', async (path) => {
    expect(await guardsFor(path)).toEqual({ known: true, auth: false, admin: false })
  })
})
