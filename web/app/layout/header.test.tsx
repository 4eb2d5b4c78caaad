import { act, screen, waitFor, within } from '@testing-library/react'
import { Outlet, type RouteObject, useParams } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { meBody, notifications } from '#web/test/builders.ts'
import { authClient, fakeAuth } from '#web/test/fake-auth.ts'
import { installFakeEventSource } from '#web/test/fake-event-source.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, renderRoutes } from '#web/test/render.tsx'
import { Header } from './header.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

function SearchResults() {
  const { query } = useParams()
  return <p data-testid="search-query">{query}</p>
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Header />
        <LocationProbe />
        <Outlet />
      </>
    ),
    children: [
      { index: true, element: <p>Home page</p> },
      { path: 'search/:query', element: <SearchResults /> },
      { path: '*', element: null },
    ],
  },
]

const location = () => screen.getByTestId('location').textContent

function renderHeader(path = '/') {
  return renderRoutes(routes, path)
}

/** The desktop navigation: the only "Main" navigation while the mobile menu is closed. */
const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

const NAV = [
  ['Home', '/'],
  ['Academic', '/academic'],
  ['Fictions', '/fiction'],
  ['True Stories', '/truestories'],
  ['Books Store', '/books'],
  ['Exams Room', '/exams'],
  ["Writer's Profile", '/profile'],
  ['Forums', '/forum'],
]

const linksOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

describe('Header', () => {
  it("lists the original's eight entries, in its order and wording", () => {
    renderHeader()
    expect(linksOf(mainNav())).toEqual(NAV)
  })

  it('has a logo link home', () => {
    renderHeader('/academic')
    expect(screen.getByRole('link', { name: 'Inkwell home' })).toHaveAttribute('href', '/')
  })

  it('marks the current section', () => {
    renderHeader('/fiction')
    expect(within(mainNav()).getByRole('link', { name: 'Fictions' })).toHaveAttribute('aria-current', 'page')
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
  })

  it('offers Sign in (to /login) when signed out, and no account menu', () => {
    const fetch = stubFetch()
    fakeAuth.signedOut()
    renderHeader()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('turns Sign in into Dashboard (to /dashboard) once signed in', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.signedOut()
    renderHeader()
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()

    act(() => fakeAuth.signedIn())
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
    // Let the profile read settle inside act.
    await screen.findByRole('button', { name: 'Account menu' })
  })

  describe('mobile menu', () => {
    it('opens and closes with the toggle, which reports its state in aria-expanded', async () => {
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu')
      expect(document.getElementById('mobile-menu')).toBeNull()

      await user.click(toggle)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      expect(toggle).toHaveAccessibleName('Close menu')
      const menu = document.getElementById('mobile-menu')
      expect(menu).not.toBeNull()
      expect(linksOf(within(menu as HTMLElement).getByRole('navigation', { name: 'Main' }))).toEqual(NAV)
      expect(within(menu as HTMLElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/login',
      )

      await user.click(toggle)
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(document.getElementById('mobile-menu')).toBeNull()
    })

    it('closes on Escape and gives focus back to the toggle', async () => {
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      await user.click(toggle)

      const menu = document.getElementById('mobile-menu') as HTMLElement
      const firstLink = within(menu).getByRole('link', { name: 'Academic' })
      firstLink.focus()
      expect(toggle).not.toHaveFocus()

      await user.keyboard('{Escape}')
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(document.getElementById('mobile-menu')).toBeNull()
      expect(toggle).toHaveFocus()
    })

    it('closes when one of its links is followed', async () => {
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      await user.click(toggle)

      const menu = document.getElementById('mobile-menu') as HTMLElement
      await user.click(within(menu).getByRole('link', { name: 'True Stories' }))
      expect(location()).toBe('/truestories')
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(document.getElementById('mobile-menu')).toBeNull()
    })

    it('closes after a search from inside it', async () => {
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      await user.click(toggle)

      const menu = document.getElementById('mobile-menu') as HTMLElement
      await user.type(within(menu).getByRole('searchbox', { name: 'Search Inkwell' }), 'algebra{Enter}')
      expect(location()).toBe('/search/algebra')
      expect(document.getElementById('mobile-menu')).toBeNull()
    })
  })

  describe('search box', () => {
    it('opens /search/<encoded query> and clears itself', async () => {
      const { user } = renderHeader()
      const box = screen.getByRole('searchbox', { name: 'Search Inkwell' })

      await user.type(box, '  café & tea/time?  {Enter}')
      expect(location()).toBe(`/search/${encodeURIComponent('café & tea/time?')}`)
      expect(screen.getByTestId('search-query')).toHaveTextContent('café & tea/time?')
      expect(box).toHaveValue('')
    })

    it('ignores a blank query', async () => {
      const { router, user } = renderHeader('/academic')
      const box = screen.getByRole('searchbox', { name: 'Search Inkwell' })

      await user.type(box, '   {Enter}')
      expect(location()).toBe('/academic')
      expect(router.state.historyAction).toBe('POP')
      await user.clear(box)
      await user.type(box, '{Enter}')
      expect(location()).toBe('/academic')
    })
  })

  describe('user menu', () => {
    it('shows who is signed in, Settings and Sign out, and Admin only to admins', async () => {
      stubFetch({
        '/api/me': () => jsonResponse(meBody({ name: 'Ada Writer', email: 'ada@example.com', role: 'user' })),
      })
      fakeAuth.signedIn()
      const { user } = renderHeader()

      await user.click(await screen.findByRole('button', { name: 'Account menu' }))
      const menu = await screen.findByRole('menu')
      await waitFor(() => expect(menu).toHaveTextContent('ada@example.com'))
      expect(menu).toHaveTextContent('Ada Writer')
      expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings')
      expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument()
      expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument()
    })

    it('links an admin to /admin', async () => {
      stubFetch({ '/api/me': () => jsonResponse(meBody({ role: 'admin' })) })
      fakeAuth.signedIn()
      const { user } = renderHeader()

      await user.click(await screen.findByRole('button', { name: 'Account menu' }))
      const admin = await within(screen.getByRole('menu')).findByRole('menuitem', { name: 'Admin' })
      expect(admin).toHaveAttribute('href', '/admin')
    })

    it('closes on Escape', async () => {
      stubFetch({ '/api/me': () => jsonResponse(meBody()) })
      fakeAuth.signedIn()
      const { user } = renderHeader()
      const button = await screen.findByRole('button', { name: 'Account menu' })

      await user.click(button)
      expect(button).toHaveAttribute('aria-expanded', 'true')
      await user.keyboard('{Escape}')
      expect(button).toHaveAttribute('aria-expanded', 'false')
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })

    it('signs out: ends the session, goes home and shows Sign in again', async () => {
      stubFetch({ '/api/me': () => jsonResponse(meBody()) })
      fakeAuth.signedIn()
      const { user } = renderHeader('/academic')

      await user.click(await screen.findByRole('button', { name: 'Account menu' }))
      await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))

      expect(authClient.signOut).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(location()).toBe('/'))
      expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
    })
  })

  describe('notification bell', () => {
    it('is there only when signed in, with the live unread count, and goes away on sign-out', async () => {
      const stream = installFakeEventSource()
      stubFetch({ '/api/me': () => jsonResponse(meBody()) })
      renderHeader()
      expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
      expect(stream.count()).toBe(0)

      act(() => fakeAuth.signedIn())
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
      expect(stream.count()).toBe(1)
      stream.latest().emit('snapshot', { items: notifications(4), unreadCount: 4 })
      expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument()

      act(() => fakeAuth.signedOut())
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument(),
      )
      expect(stream.latest().readyState).toBe(2)
    })
  })
})
