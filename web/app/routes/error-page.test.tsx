import { act, render, screen, waitFor, within } from '@testing-library/react'
import { type ReactNode, Suspense } from 'react'
import { MemoryRouter, Outlet, type RouteObject, useRoutes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOADING_CHUNK_FAILED } from '#common/constants.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import { RootLayout } from '../layout/root-layout.tsx'
import { RouteErrorBoundary } from '../route-error-boundary.tsx'
import { routes } from '../router.tsx'
import { screen as lazyScreen } from '../screen.ts'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

// What a route's error boundary catches, React logs (as it does in the browser): that log is
// expected here, and anything else is still an error (the setup's check sees what is left).
afterEach(() => {
  const logged = vi.mocked(console.error).mock.calls
  const unexpected = logged.filter(
    (call) => call[2] !== 'The above error occurred in one of your React components.',
  )
  vi.mocked(console.error).mockClear()
  for (const call of unexpected) console.error(...call)
})

// The Books Store's chunk cannot be fetched (offline, or replaced by a deploy): its route fails
// the way a real dynamic import does.
vi.mock('./books.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/books.js')
})

// jsdom does not scroll; ScrollRestoration in the layout asks it to.
beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn())
  sessionStorage.clear()
})

describe('the app routes', () => {
  it('say in plain words that Inkwell cannot be reached when a screen chunk fails, with Reload', async () => {
    renderRoutes(routes, '/books')

    expect(await screen.findByRole('heading', { name: "Can't reach Inkwell right now" })).toBeInTheDocument()
    expect(
      screen.getByText(
        "Your connection or our server dropped while this page was loading. We'll try again as soon as we're back.",
      ),
    ).toBeVisible()
    // The server did not answer (this test has no network): it asks again in 2 s.
    await waitFor(() =>
      expect(screen.getByTestId('reconnect-status')).toHaveTextContent('Trying again in 2 s…'),
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      "Can't reach Inkwell right now. Trying again by itself.",
    )
    // The original's error is still what the route raised, kept for whoever asks for the details.
    expect(screen.getByTestId('error-message')).toHaveTextContent(LOADING_CHUNK_FAILED)
    expect(screen.getByText(LOADING_CHUNK_FAILED)).not.toBeVisible()
    expect(screen.getByText('Technical details')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('keep the header on screen when a page fails, so the visitor can go elsewhere', async () => {
    renderRoutes(routes, '/books')

    await screen.findByRole('heading', { name: "Can't reach Inkwell right now" })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Academic' })).toHaveAttribute('href', '/academic')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('show the error page after following a link to a screen whose chunk fails', async () => {
    const { router, user } = renderRoutes(routes, '/no-such-page')
    await screen.findByRole('heading', { name: 'This page does not exist' })

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Books Store' }),
    )

    expect(await screen.findByRole('heading', { name: "Can't reach Inkwell right now" })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/books')
    expect(screen.getByTestId('error-message')).toHaveTextContent(LOADING_CHUNK_FAILED)
  })

  it('show the spinner box, about 400px high, while a screen loads', async () => {
    let arrive!: (module: { default: () => ReactNode }) => void
    const slow = lazyScreen(() => new Promise((resolve) => (arrive = resolve)))
    renderRoutes(
      [{ path: '/', element: <RootLayout />, children: [{ path: 'slow', Component: slow }] }],
      '/slow',
    )

    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Loading…')
    expect(status).toHaveStyle({ minHeight: '400px' })
    act(() => arrive({ default: () => <h1>Here at last</h1> }))
    await screen.findByRole('heading', { name: 'Here at last' })
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('render the 404 page for an unknown path', async () => {
    renderRoutes(routes, '/no/such/page?x=1')

    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeInTheDocument()
    expect(screen.getByText('404')).toBeInTheDocument()
    expect(screen.getByText('/no/such/page')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Tell us about a broken link' })).toHaveAttribute(
      'href',
      '/contact',
    )
    await waitFor(() => expect(document.title).toBe('Page not found · Inkwell'))
    // The header stays, and this is not the error page.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
  })

  it('render the 404 page under a known prefix too', async () => {
    renderRoutes(routes, '/payment/unknown/deeper')
    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeInTheDocument()
  })
})

describe('ErrorPage', () => {
  /** A screen that throws as it draws, under the app's route error boundary. */
  const failing = (fail: () => never): RouteObject[] => [
    {
      path: '/',
      element: (
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      ),
      children: [{ index: true, Component: fail }],
    },
  ]

  it('says something went wrong for any other error, and shows its message', async () => {
    renderRoutes(
      failing(() => {
        throw new Error('Unexpected token in JSON')
      }),
    )

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByTestId('error-message')).toHaveTextContent('Unexpected token in JSON')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })

  it('reloads the page from the Reload button', async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    const { user } = renderRoutes(
      failing(() => {
        throw new Error(LOADING_CHUNK_FAILED)
      }),
    )

    await user.click(await screen.findByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

const Academic = () => <h1>Academic</h1>
const Routes = ({ routes }: { routes: RouteObject[] }) => useRoutes(routes)

describe("ErrorPage, when a screen's file did not arrive", () => {
  /** A screen whose chunk fails to load `failures` times, then loads, through the real screen(). */
  function flakyScreen(failures: number, app = { RouteErrorBoundary, screen: lazyScreen }) {
    const load = vi.fn(async () => {
      if (load.mock.calls.length <= failures)
        throw new TypeError('Failed to fetch dynamically imported module: /assets/academic.js')
      return { default: Academic }
    })
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <app.RouteErrorBoundary>
            <Suspense fallback={<p>Loading</p>}>
              <Outlet />
            </Suspense>
          </app.RouteErrorBoundary>
        ),
        children: [{ path: 'academic', Component: app.screen(load) }],
      },
    ]
    return { routes, load }
  }
  const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
  /** The connection comes back, and with it the server. */
  function backOnline() {
    online(true)
    stubFetch({ '/api/health': jsonResponse({ status: 'ok', database: 'pglite' }) })
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
  }
  let reload: ReturnType<typeof vi.fn>
  beforeEach(() => {
    reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, pathname: '/academic', search: '', reload })
  })

  it('says the person is offline, and waits for the connection', async () => {
    online(false)
    renderRoutes(flakyScreen(1).routes, '/academic')

    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeInTheDocument()
    expect(
      screen.getByText(
        "This page needs a connection to load. It will open by itself as soon as you're back online.",
      ),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent("You're offline. Waiting for your connection…")
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })

  it('loads the screen by itself once the connection and the server are back', async () => {
    online(false)
    const { routes, load } = flakyScreen(1)
    const { router } = renderRoutes(routes, '/academic')
    await screen.findByRole('heading', { name: "You're offline" })

    backOnline()

    expect(await screen.findByRole('heading', { name: 'Academic' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
    expect(router.state.location.pathname).toBe('/academic')
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads the page once when the server is back but the file still fails (a new deploy)', async () => {
    online(false)
    const { routes, load } = flakyScreen(Number.POSITIVE_INFINITY)
    renderRoutes(routes, '/academic')
    await screen.findByRole('heading', { name: "You're offline" })

    backOnline()

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('status')).toHaveTextContent('Connected. Opening the page…')
  })

  it("does the same in the app, where the layout's spinner replaces the error page during the retry", async () => {
    online(false)
    renderRoutes(routes, '/books')
    await screen.findByRole('heading', { name: "You're offline" })

    backOnline()

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it('asks the server before that reload, and waits for it again if it dropped during the retry', async () => {
    online(false)
    const { routes, load } = flakyScreen(Number.POSITIVE_INFINITY)
    renderRoutes(routes, '/academic')
    await screen.findByRole('heading', { name: "You're offline" })

    // The server answers, then goes away again while the retry loads the screen.
    let serverUp = true
    online(true)
    stubFetch({
      '/api/health': () => {
        if (!serverUp) throw new TypeError('Failed to fetch')
        serverUp = false
        return jsonResponse({ status: 'ok', database: 'pglite' })
      },
    })
    act(() => {
      window.dispatchEvent(new Event('online'))
    })

    await waitFor(() =>
      expect(screen.getByTestId('reconnect-status')).toHaveTextContent('Trying again in 2 s…'),
    )
    expect(load).toHaveBeenCalledTimes(2)
    expect(reload).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { name: "Can't reach Inkwell right now" })).toBeInTheDocument()

    // Once it answers again, the page reloads.
    serverUp = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('retries in place first when the entry carries the mark of a retry that loaded the screen earlier', async () => {
    // The retry loaded the screen, and the page was reloaded later on: the history entry still
    // carries the retry's mark, but the failure at hand is a new one.
    const first = flakyScreen(1)
    online(false)
    const { router, unmount } = renderRoutes(first.routes, '/academic')
    await screen.findByRole('heading', { name: "You're offline" })
    backOnline()
    await screen.findByRole('heading', { name: 'Academic' })
    const entryState = router.state.location.state
    unmount()

    // A new page load: the app's modules are evaluated afresh.
    vi.resetModules()
    const app = {
      RouteErrorBoundary: (await import('../route-error-boundary.tsx')).RouteErrorBoundary,
      screen: (await import('../screen.ts')).screen,
    }
    online(false)
    const { routes, load } = flakyScreen(1, app)
    render(
      <MemoryRouter initialEntries={[{ pathname: '/academic', state: entryState }]}>
        <Routes routes={routes} />
      </MemoryRouter>,
    )
    await screen.findByRole('heading', { name: "You're offline" })
    backOnline()

    expect(await screen.findByRole('heading', { name: 'Academic' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
    expect(reload).not.toHaveBeenCalled()
  })

  it('tells a screen reader when the situation changes, not at every wait of a long outage', async () => {
    vi.useFakeTimers()
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
    const onLine = online(true)
    let serverUp = false
    stubFetch({
      '/api/health': () => {
        if (!serverUp) throw new TypeError('Failed to fetch')
        return jsonResponse({ status: 'ok', database: 'pglite' })
      },
    })
    renderRoutes(flakyScreen(Number.POSITIVE_INFINITY).routes, '/academic')
    await advance(0)
    // The status region of whichever error page is on screen (a retry draws the page anew).
    const said = () => screen.queryByRole('status')?.textContent
    const heard = [said()]
    const observer = new MutationObserver(() => heard.push(said()))
    observer.observe(document.body, { childList: true, characterData: true, subtree: true })
    const changes = () => heard.filter((text, i) => text && text !== heard[i - 1])

    // Minutes of asking the server every 30 s at most: nothing more to hear.
    await advance(5 * 60_000)
    expect(changes()).toEqual(["Can't reach Inkwell right now. Trying again by itself."])
    onLine.mockReturnValue(false)
    await act(async () => {
      window.dispatchEvent(new Event('offline'))
    })
    await advance(60_000)
    // Back, but the screen's file still fails and the page was reloaded for it a moment ago.
    sessionStorage.setItem(
      'inkwell:reloaded-after-chunk-failure',
      JSON.stringify({ url: '/academic', at: Date.now() }),
    )
    onLine.mockReturnValue(true)
    serverUp = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    await advance(1000)
    observer.disconnect()
    vi.useRealTimers()

    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(changes()).toEqual([
      "Can't reach Inkwell right now. Trying again by itself.",
      "You're offline. Waiting for your connection…",
      'Connected. Opening the page…',
      'This page could not be loaded. Reload to try again.',
    ])
  })

  it('leaves it to the person when the page was reloaded for this a moment ago', async () => {
    sessionStorage.setItem(
      'inkwell:reloaded-after-chunk-failure',
      JSON.stringify({ url: '/academic', at: Date.now() }),
    )
    online(false)
    renderRoutes(flakyScreen(Number.POSITIVE_INFINITY).routes, '/academic')
    await screen.findByRole('heading', { name: "You're offline" })

    backOnline()

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Inkwell answers, but this page did not arrive. Reload to try again; if it keeps happening, tell us through the contact page.',
      ),
    ).toBeVisible()
    expect(screen.queryByTestId('reconnect-status')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(
      'This page could not be loaded. Reload to try again.',
    )
    expect(reload).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})
