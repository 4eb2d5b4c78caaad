import { screen, waitFor, within } from '@testing-library/react'
import { data, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LOADING_CHUNK_FAILED } from '#common/constants.ts'
import { renderRoutes } from '#web/test/render.tsx'
import { routes } from '../router.tsx'
import ErrorPage from './error-page.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

// The chunk of the "coming soon" screens cannot be fetched (offline, or replaced by a deploy):
// every route that lazily loads it fails the way a real dynamic import does.
vi.mock('./coming-soon.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/coming-soon.js')
})

// jsdom does not scroll; ScrollRestoration in the layout asks it to.
beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn())
})

describe('the app routes', () => {
  it('show the error page, with Reload, when a screen chunk fails to load', async () => {
    renderRoutes(routes, '/books')

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByTestId('error-message')).toHaveTextContent(LOADING_CHUNK_FAILED)
    expect(screen.getByText('Loading chunk failed')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('keep the header on screen when a page fails, so the visitor can go elsewhere', async () => {
    renderRoutes(routes, '/books')

    await screen.findByRole('heading', { name: 'This page could not be loaded' })
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

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/books')
    expect(screen.getByTestId('error-message')).toHaveTextContent(LOADING_CHUNK_FAILED)
  })

  it('show the spinner box, about 400px high, while a screen loads', async () => {
    renderRoutes(routes, '/no/such/page')

    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Loading…')
    expect(status).toHaveStyle({ minHeight: '400px' })
    await screen.findByRole('heading', { name: 'This page does not exist' })
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
  const failing = (loader: () => never): RouteObject[] => [
    {
      path: '/',
      ErrorBoundary: ErrorPage,
      hydrateFallbackElement: <p>Loading</p>,
      children: [{ index: true, loader, element: <p>never</p> }],
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

  it('says "Page not found" for a 404 raised by a route', async () => {
    renderRoutes(
      failing(() => {
        throw data('No such writer', { status: 404 })
      }),
    )

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByTestId('error-message')).not.toBeInTheDocument()
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
