import { Menu, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { useSession } from '#web/lib/session.ts'
import { Logo } from './logo.tsx'
import { NAV_ITEMS } from './navigation.ts'
import { SearchBox } from './search-box.tsx'
import { useDisclosure } from './use-disclosure.ts'

// The bell and the account menu are for signed-in people only: they load with the first
// signed-in screen, not in every visitor's first load. Their places are kept meanwhile.
const NotificationBell = lazy(() =>
  import('#web/features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
)
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })))
const BELL_PLACE = <span aria-hidden className="inline-block size-10" />
const MENU_PLACE = <span aria-hidden className="inline-block size-8 rounded-full bg-stone-100" />

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-ink-50 text-ink-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
  }`

function AccountLink({ onNavigate }: { onNavigate?: () => void }) {
  const { loggedIn } = useSession()
  // Keyed: once the session is known, the other link takes this one's place. The same link
  // recoloured would fade through colours that cannot be read for a moment (transition-colors).
  return loggedIn ? (
    <ButtonLink key="dashboard" to="/dashboard" variant="secondary" size="sm" onClick={onNavigate}>
      Dashboard
    </ButtonLink>
  ) : (
    <ButtonLink key="sign-in" to="/login" size="sm" onClick={onNavigate}>
      Sign in
    </ButtonLink>
  )
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false)
  const { loggedIn } = useSession()
  const location = useLocation()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  // The mobile menu is a disclosure, not a modal: rather than trapping focus, it closes when focus
  // leaves it (Tab past its last link lands on the page, now uncovered), on Escape (focus back on
  // the toggle), on a press outside it and on navigation.
  const dismiss = useDisclosure({
    open: menuOpen,
    setOpen: setMenuOpen,
    button: toggleRef,
    parts: [toggleRef, menuRef],
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the path changes
  useEffect(() => setMenuOpen(false), [location.pathname])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for Escape and focus leaving the menus inside
    <header
      className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur"
      onKeyDown={dismiss.onKeyDown}
      onBlur={dismiss.onBlur}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <SearchBox className="ml-4 hidden max-w-sm flex-1 md:block" />
        {/* One bell for every screen size (it holds the tab's one notification stream). */}
        <div className="ml-auto flex items-center gap-2">
          {loggedIn && (
            <Suspense fallback={BELL_PLACE}>
              <NotificationBell />
            </Suspense>
          )}
          <div className="hidden items-center gap-2 md:flex">
            <AccountLink />
            {loggedIn && (
              <Suspense fallback={MENU_PLACE}>
                <UserMenu />
              </Suspense>
            )}
          </div>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>

      {/* First after the bar, so Tab goes from the toggle straight into the open menu. */}
      {menuOpen && (
        <div
          ref={menuRef}
          id="mobile-menu"
          // Scrolls within the screen's height below the bar, the open account menu included (it is
          // placed against this box), so a short phone still reaches Sign out.
          className="relative max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-stone-200 bg-white px-4 pt-3 pb-5 shadow-lg md:hidden"
        >
          <SearchBox onSearch={() => setMenuOpen(false)} />
          <nav aria-label="Main" className="mt-3">
            <ul className="grid gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    className={(state) => `block ${navLinkClass(state)} py-2.5 text-base`}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 flex items-center gap-2 border-t border-stone-100 pt-4">
            <AccountLink onNavigate={() => setMenuOpen(false)} />
            {loggedIn && (
              <Suspense fallback={MENU_PLACE}>
                <UserMenu />
              </Suspense>
            )}
          </div>
        </div>
      )}
      <nav aria-label="Main" className="hidden border-t border-stone-100 md:block">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1.5 sm:px-6">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
