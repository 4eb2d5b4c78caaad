import { type MouseEvent as ReactMouseEvent, useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { KEEP_SCROLL } from '#web/lib/scroll.ts'

/** A click that means "follow this link here", not "open it elsewhere" (new tab, window, download). */
export function isPlainClick(event: MouseEvent | ReactMouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * Goes to a section as a link to #id would, but through the router: the address gets the hash (a
 * new history entry, so Back returns), React Router scrolls to it (its scroll-margin clears the
 * sticky header), and focus moves to the heading, so Tab continues from there and a closed menu
 * does not leave focus nowhere.
 */
export function useGoToSection() {
  const navigate = useNavigate()
  return useCallback(
    (id: string) => {
      const target = document.getElementById(id)
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
        target.focus({ preventScroll: true })
      }
      navigate({ hash: `#${id}` }, KEEP_SCROLL)
    },
    [navigate],
  )
}

/** Whether no screen has opened yet since the page loaded. */
let firstScreen = true

/**
 * Opening an address with #<id> lands on that element once `ready` (the content that holds it has
 * arrived). React Router scrolls to the hash when the location changes, which for a screen that
 * loads its content is before the element exists. Content already there when the screen opened
 * (from the cache, say after Back) is left alone: the router has scrolled, or restored the
 * position the reader left.
 */
export function useLandOnHash(ready: boolean) {
  const { hash } = useLocation()
  // The page's first screen lands too: a server-rendered page (decision 026) has its content at
  // once, before the browser could scroll to an element the app had not drawn yet.
  const waited = useRef(firstScreen)
  useEffect(() => {
    firstScreen = false
  }, [])
  useEffect(() => {
    if (!ready) {
      waited.current = true
      return
    }
    if (!waited.current) return
    waited.current = false
    const id = idFromHash(hash)
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [ready, hash])
}

/** The element id a location hash (#…) names, or '' for none or one that is not valid percent-encoding. */
export function idFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1))
  } catch {
    return ''
  }
}
