import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { announce } from '#web/lib/announce.ts'

/** How long a new screen has to draw its heading (its chunk and data may still be loading). */
const WAIT_MS = 5000
/** How long after the heading the title is read (a screen's effects have run by then). */
const TITLE_WAIT_MS = 100

/** Whether an element is drawn (not inside what React hid while a screen suspended). */
const shown = (element: HTMLElement) =>
  typeof element.checkVisibility === 'function'
    ? element.checkVisibility()
    : !element.closest('[style*="display: none"]')

/**
 * After a client-side navigation to another address, focus goes to the new screen's main heading
 * (or to `main` when it has none) and its title is announced, once, here and not per screen
 * (WCAG 2.4.3, 4.1.3). Focus is moved when it fell to <body> (the clicked link is gone) or is
 * still where it was when the navigation began (a link React kept for the new screen); a screen
 * that places focus itself keeps it. A change of query alone
 * (a tab, a filter, a page of results) is not a new page. Scrolling is ScrollRestoration's.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const seen = useRef(pathname)
  // What had focus when the navigation began (read while the new address renders, before its
  // effects): still holding it afterwards means the screen did not place focus itself.
  const before = useRef<Element | null>(null)
  if (pathname !== seen.current && typeof document !== 'undefined') before.current = document.activeElement

  useEffect(() => {
    // The first address is the page as loaded: the browser has placed focus and read it.
    if (seen.current === pathname) return
    seen.current = pathname
    const main = document.getElementById('main')
    if (!main) return
    let done = false
    const settle = () => {
      // A screen that suspends is hidden (display: none), not removed, while its fallback shows:
      // the heading wanted is the one on screen.
      const heading = [...main.querySelectorAll<HTMLElement>('h1')].find(shown)
      // The screen is drawn when its heading is (a spinner has none), or when the wait is over.
      if (!heading && !timedOut) return
      done = true
      observer.disconnect()
      window.clearTimeout(timer)
      const focused = document.activeElement
      if (!focused || focused === document.body || !focused.isConnected || focused === before.current) {
        const target = heading ?? main
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
        target.focus({ preventScroll: true })
      }
      // The screen sets its title in an effect, which may run after this.
      announcement = window.setTimeout(() => announce(document.title), TITLE_WAIT_MS)
    }
    let announcement = 0
    let timedOut = false
    const observer = new MutationObserver(() => !done && settle())
    const timer = window.setTimeout(() => {
      timedOut = true
      if (!done) settle()
    }, WAIT_MS)
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] })
    // The heading may be there already (a screen in the cache draws at once); titles are set in
    // effects, so look after this commit's effects have run.
    const frame = window.requestAnimationFrame(() => !done && settle())
    return () => {
      done = true
      observer.disconnect()
      window.clearTimeout(timer)
      window.cancelAnimationFrame(frame)
      window.clearTimeout(announcement)
    }
  }, [pathname])
  return null
}
