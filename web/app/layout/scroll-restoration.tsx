import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { keepsScroll } from '#web/lib/scroll.ts'

// Where the page is scrolled, per history entry (web/lib/scroll.ts): kept for the tab's life in
// sessionStorage, so Back, Forward and a reload come back to the same place.
const STORAGE_KEY = 'inkwell-scroll-positions'
/** Entries remembered: the newest ones. */
const KEPT = 100

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

export function ScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Record<string, number> | null>(null)
  const current = useRef(location.key)
  current.current = location.key

  useEffect(() => {
    positions.current = readPositions()
    window.history.scrollRestoration = 'manual'
    // The position is noted as the reader scrolls, so it is known before the next screen draws.
    const note = () => {
      const saved = positions.current!
      delete saved[current.current]
      saved[current.current] = window.scrollY
      const keys = Object.keys(saved)
      if (keys.length > KEPT) delete saved[keys[0]]
    }
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current))
    window.addEventListener('scroll', note, { passive: true })
    window.addEventListener('pagehide', save)
    return () => {
      window.removeEventListener('scroll', note)
      window.removeEventListener('pagehide', save)
      save()
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const saved = (positions.current ?? readPositions())[location.key]
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
    if (target) target.scrollIntoView()
    else if (!keepsScroll(location.state)) window.scrollTo(0, 0)
    // A new location object is a navigation: each is placed once.
  }, [location, navigationType])
  return null
}
