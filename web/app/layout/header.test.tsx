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
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('turns Sign in into Dashboard (to /dashboard) once signed in', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody()) })
    fakeAuth.signedOut()
    renderHeader()
    const signIn = screen.getByRole('link', { name: 'Sign in' })

    act(() => fakeAuth.signedIn())
    const dashboard = screen.getByRole('link', { name: 'Dashboard' })
    expect(dashboard).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
    // Another link, not Sign in recoloured: its colour transition would be unreadable for a moment.
    expect(dashboard).not.toBe(signIn)
    // Let the profile read settle inside act.
    await screen.findByRole('button', { name: /account menu/i })
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

    it('walks from the toggle into the menu and back with Tab, and closes once Tab leaves it', async () => {
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      toggle.focus()
      await user.keyboard('{Enter}')
      const menu = document.getElementById('mobile-menu') as HTMLElement
      await user.tab()
      expect(within(menu).getByRole('searchbox', { name: 'Search Inkwell' })).toHaveFocus()
      await user.tab({ shift: true })
      expect(toggle).toHaveFocus()
      expect(toggle).toHaveAttribute('aria-expanded', 'true')

      // Walk to its last link, Sign in, and one step further.
      const signIn = within(menu).getByRole('link', { name: 'Sign in' })
      while (document.activeElement !== signIn) await user.tab()
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await user.tab()
      expect(document.getElementById('mobile-menu')).toBeNull()
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
    })

    it('Escape in the account menu inside it closes that menu alone, then the mobile menu', async () => {
      stubFetch({ '/api/me': () => jsonResponse(meBody()) })
      fakeAuth.signedIn()
      const { user } = renderHeader()
      const toggle = screen.getByRole('button', { name: 'Open menu' })
      await user.click(toggle)
      const menu = document.getElementById('mobile-menu') as HTMLElement
      const account = await within(menu).findByRole('button', { name: /account menu/i })
      account.focus()
      await user.keyboard('{ArrowDown}')
      expect(await within(menu).findByRole('link', { name: 'My posts' })).toHaveFocus()

      await user.keyboard('{Escape}')
      expect(account).toHaveFocus()
      expect(account).toHaveAttribute('aria-expanded', 'false')
      expect(document.getElementById('mobile-menu')).not.toBeNull()

      await user.keyboard('{Escape}')
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
    /** The open account menu: its list of places and, after it, Sign out. */
    const places = () => screen.findByRole('list', { name: 'Your places' })

    async function signedInHeader(role: 'user' | 'admin' = 'user') {
      stubFetch({
        '/api/me': () => jsonResponse(meBody({ name: 'Ada Writer', email: 'ada@example.com', role })),
        '/api/admin/waiting': () => jsonResponse({ posts: 0, exams: 0, reports: 0 }),
        '/api/practice/summary': () => jsonResponse({ due: 0, cards: 0, nextDue: null }),
      })
      fakeAuth.signedIn()
      const view = renderHeader()
      const button = await screen.findByRole('button', { name: /account menu/i })
      return { ...view, button }
    }

    it('is a disclosure of links: who is signed in, their places, and Sign out', async () => {
      const { user, button } = await signedInHeader()
      expect(button).toHaveAttribute('aria-expanded', 'false')
      expect(button).not.toHaveAttribute('aria-haspopup')

      await user.click(button)
      expect(button).toHaveAttribute('aria-expanded', 'true')
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement
      await waitFor(() => expect(panel).toHaveTextContent('ada@example.com'))
      expect(panel).toHaveTextContent('Ada Writer')
      expect(within(await places()).getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'href',
        '/settings',
      )
      expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
      expect(within(panel).queryByRole('link', { name: /^Admin/ })).not.toBeInTheDocument()
      // Not an application menu: no menu roles for screen readers to switch modes on.
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
      expect(screen.queryByRole('menuitem')).not.toBeInTheDocument()
    })

    it('links an admin to /admin', async () => {
      const { user, button } = await signedInHeader('admin')
      await user.click(button)
      expect(await within(await places()).findByRole('link', { name: 'Admin' })).toHaveAttribute(
        'href',
        '/admin',
      )
    })

    it('opens from the keyboard: Enter keeps focus on the button, then Tab walks the links', async () => {
      const { user, button } = await signedInHeader()
      button.focus()
      await user.keyboard('{Enter}')
      expect(button).toHaveAttribute('aria-expanded', 'true')
      expect(button).toHaveFocus()
      await user.tab()
      expect(within(await places()).getByRole('link', { name: 'My posts' })).toHaveFocus()
      await user.tab()
      expect(screen.getByRole('link', { name: 'Write a post' })).toHaveFocus()
    })

    it('moves with ArrowDown, ArrowUp, Home and End, wrapping at the ends', async () => {
      const { user, button } = await signedInHeader()
      button.focus()
      // ArrowDown on the closed button opens it at the first place.
      await user.keyboard('{ArrowDown}')
      expect(button).toHaveAttribute('aria-expanded', 'true')
      const list = await places()
      expect(within(list).getByRole('link', { name: 'My posts' })).toHaveFocus()
      await user.keyboard('{ArrowDown}')
      expect(within(list).getByRole('link', { name: 'Write a post' })).toHaveFocus()
      await user.keyboard('{End}')
      expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
      await user.keyboard('{ArrowDown}')
      expect(within(list).getByRole('link', { name: 'My posts' })).toHaveFocus()
      await user.keyboard('{ArrowUp}')
      expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
      await user.keyboard('{Home}')
      expect(within(list).getByRole('link', { name: 'My posts' })).toHaveFocus()
    })

    it('opens at its last item with ArrowUp on the closed button', async () => {
      const { user, button } = await signedInHeader()
      button.focus()
      await user.keyboard('{ArrowUp}')
      expect(await screen.findByRole('button', { name: 'Sign out' })).toHaveFocus()
    })

    it('closes on Escape and gives focus back to its button', async () => {
      const { user, button } = await signedInHeader()
      await user.click(button)
      await user.keyboard('{ArrowDown}')
      expect(within(await places()).getByRole('link', { name: 'My posts' })).toHaveFocus()

      await user.keyboard('{Escape}')
      expect(button).toHaveAttribute('aria-expanded', 'false')
      expect(screen.queryByRole('list', { name: 'Your places' })).not.toBeInTheDocument()
      expect(button).toHaveFocus()
    })

    it('closes when Tab leaves it past Sign out, and on a press outside it', async () => {
      const { user, button } = await signedInHeader()
      await user.click(button)
      await user.keyboard('{ArrowUp}')
      expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus()
      await user.tab()
      expect(button).toHaveAttribute('aria-expanded', 'false')
      expect(screen.queryByRole('list', { name: 'Your places' })).not.toBeInTheDocument()

      await user.click(button)
      await places()
      await user.click(screen.getByText('Home page'))
      expect(button).toHaveAttribute('aria-expanded', 'false')
    })

    it('signs out: ends the session, goes home and shows Sign in again', async () => {
      stubFetch({ '/api/me': () => jsonResponse(meBody()) })
      fakeAuth.signedIn()
      const { user } = renderHeader('/academic')

      await user.click(await screen.findByRole('button', { name: /account menu/i }))
      await user.click(screen.getByRole('button', { name: 'Sign out' }))

      expect(authClient.signOut).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(location()).toBe('/'))
      expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()
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
