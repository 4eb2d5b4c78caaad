import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * Where the page shows below the site's sticky header: the banner's bottom edge (65 px on phones,
 * 102 px from 768 px up, where the header has a second row), or 0 without one. A header inside an
 * article or section (the post's own) is not the banner.
 */
export function bannerBottom(): number {
  const banner = document.querySelector('header:not(:is(article, aside, main, nav, section) header)')
  return banner ? Math.max(0, banner.getBoundingClientRect().bottom) : 0
}

/**
 * How far through an element the reader is, from 0 to 1: 0 until its top passes under the header
 * (whose bottom is `top`), 1 once its bottom is in view. An element that fits between the header
 * and the bottom of the viewport counts as read once all of it shows.
 */
export function readingProgress(
  box: { top: number; bottom: number; height: number },
  viewportHeight: number,
  top: number,
): number {
  const travel = box.height - (viewportHeight - top)
  if (travel <= 0) return box.bottom <= viewportHeight ? 1 : 0
  return Math.min(1, Math.max(0, (top - box.top) / travel))
}

/**
 * readingProgress() of `target` and where the header ends (`top`, where a bar under it goes), kept
 * current, at most once a frame, as the page scrolls or resizes or the element grows.
 */
export function useReadingProgress(target: RefObject<HTMLElement | null>) {
  // Measured before the browser paints (a layout effect), so the bar is under the header from the
  // first paint. A server-rendered page draws it empty at the top, where it shows nothing.
  const [state, setState] = useState({ progress: 0, top: 0 })
  useLayoutEffect(() => {
    const element = target.current
    if (!element) return
    let frame = 0
    const measure = () => {
      frame = 0
      const top = bannerBottom()
      setState({ progress: readingProgress(element.getBoundingClientRect(), window.innerHeight, top), top })
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    // Images in the body load after it and make it longer.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule)
    resized?.observe(element)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      resized?.disconnect()
    }
  }, [target])
  return state
}
