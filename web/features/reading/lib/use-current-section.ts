import { useEffect, useState } from 'react'
import { bannerBottom } from './reading-progress.ts'

/**
 * Where "the section being read" starts: a heading counts as passed once its top is above a line
 * this far below the sticky header. A heading scrolled to lands above it (its scroll margin leaves
 * 31–42 px under the header), so the section a reader jumps to is current even when the next one
 * starts just below it.
 */
export const READING_LINE_BELOW_HEADER_PX = 64

// The observed area runs from far above the page down to the reading line, so a heading is
// "intersecting" exactly while it is above the line: crossing the line either way is a change the
// observer reports, however fast the page moves (a jump to the end, a link to a section).
const FAR_ABOVE_PX = 1_000_000

/**
 * The id of the section being read: the last of `ids` (in page order) whose heading has passed
 * the reading line, or null before the first. Watched with an IntersectionObserver, so nothing
 * runs while the reader scrolls within a section. `ids` is a new array whenever the headings may
 * be new elements (the body's HTML changed, even with the same headings): they are looked up again.
 */
export function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null)
  useEffect(() => {
    const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null)
    if (!headings.length || typeof IntersectionObserver === 'undefined') return
    const passed = new Set<Element>()
    let observer: IntersectionObserver | undefined
    let below = -1
    const observe = () => {
      const line = bannerBottom() + READING_LINE_BELOW_HEADER_PX
      if (Math.max(0, window.innerHeight - line) === below) return
      below = Math.max(0, window.innerHeight - line)
      observer?.disconnect()
      passed.clear()
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) passed.add(entry.target)
            else passed.delete(entry.target)
          }
          setCurrent(headings.findLast((h) => passed.has(h))?.id ?? null)
        },
        { rootMargin: `${FAR_ABOVE_PX}px 0px -${below}px 0px` },
      )
      for (const heading of headings) observer.observe(heading)
    }
    observe()
    // The line is in pixels from the top, so a new viewport height (or header) needs a new observer.
    window.addEventListener('resize', observe)
    return () => {
      window.removeEventListener('resize', observe)
      observer?.disconnect()
    }
  }, [ids])
  return current
}
