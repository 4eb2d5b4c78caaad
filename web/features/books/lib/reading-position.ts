import { type RefObject, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import type { ReadingPosition, ReadingPositionInput } from '#common/schemas/books.ts'
import { saveReadingPosition } from '../api/books.ts'

/** How long the reader is still before where they are is sent (and sent at once on leaving). */
export const POSITION_SAVE_DELAY_MS = 1500

const clamp = (n: number) => Math.min(1, Math.max(0, n))

/**
 * How far through `element` the reader is, 0..1: 0 while its top is at or below the top of the
 * window, 1 once its end reaches the bottom. Null while the whole chapter fits in the window
 * (nothing to tell: a page taller than the window, as a full-page screenshot makes it, or a very
 * short chapter, keeps the place it had).
 */
export function progressThrough(element: HTMLElement): number | null {
  const rect = element.getBoundingClientRect()
  const range = rect.height - window.innerHeight
  if (range <= 0) return null
  return Math.round(clamp(-rect.top / range) * 1000) / 1000
}

/** The window's scroll offset that puts the reader `progress` of the way through `element`. */
export function scrollTopFor(element: HTMLElement, progress: number): number {
  const rect = element.getBoundingClientRect()
  const range = Math.max(0, rect.height - window.innerHeight)
  return Math.max(0, Math.round(rect.top + window.scrollY + clamp(progress) * range))
}

interface Options {
  bookId: string
  chapterId: string
  /** The chapter's body element, rendered. */
  body: RefObject<HTMLElement | null>
  /** The body on screen is this chapter's (not the previous one's while this one loads). */
  ready: boolean
  /** Signed in, and a chapter the reader may read: the server keeps the place. */
  enabled: boolean
  /** Where the reader stopped last time (any device); restored once, when the reader opens there. */
  saved: ReadingPosition | null
  onSaved: (position: ReadingPosition) => void
}

/**
 * Keeps the reader's place: on opening at the saved chapter it scrolls to the saved fraction;
 * while reading it sends the chapter and the fraction when the reader has been still for
 * POSITION_SAVE_DELAY_MS, and at once (keepalive) when the page is hidden, closed or left.
 * Returns how far through the chapter the reader is now.
 */
export function useReadingPosition({ bookId, chapterId, body, ready, enabled, saved, onSaved }: Options) {
  const [progress, setProgress] = useState(0)
  const lastSent = useRef<ReadingPositionInput | null>(null)
  const pending = useRef<ReadingPositionInput | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const restored = useRef(false)

  const flush = useEffectEvent((keepalive: boolean) => {
    clearTimeout(timer.current)
    const position = pending.current
    pending.current = null
    if (!position || !enabled) return
    lastSent.current = position
    void saveReadingPosition(bookId, position, { keepalive }).then((saved) => saved && onSaved(saved))
  })

  const queue = useEffectEvent((position: ReadingPositionInput) => {
    const last = lastSent.current
    if (
      last &&
      last.chapterId === position.chapterId &&
      Math.abs(last.progress - position.progress) < 0.005
    ) {
      pending.current = null
      clearTimeout(timer.current)
      return
    }
    pending.current = position
    clearTimeout(timer.current)
    timer.current = setTimeout(() => flush(false), POSITION_SAVE_DELAY_MS)
  })

  // A chapter on screen: back to the saved place the first time, else to its top.
  const land = useEffectEvent((element: HTMLElement, chapterId: string) => {
    const restore = !restored.current && saved?.chapterId === chapterId ? saved.progress : null
    restored.current = true
    const top = restore === null ? 0 : scrollTopFor(element, restore)
    window.scrollTo({ top, behavior: 'instant' })
    // The router's scroll restoration runs after this (the layout's effect follows the screen's)
    // and puts a new address at the top: the saved place is applied again once it has.
    if (restore !== null) requestAnimationFrame(() => window.scrollTo({ top, behavior: 'instant' }))
    setProgress(restore ?? 0)
    if (restore !== null) lastSent.current = { chapterId, progress: restore }
    else queue({ chapterId, progress: 0 })
  })
  useLayoutEffect(() => {
    if (ready && body.current) land(body.current, chapterId)
  }, [ready, chapterId, body])

  useEffect(() => {
    const element = body.current
    if (!ready || !element) return
    const onScroll = () => {
      const now = progressThrough(element)
      if (now === null) return
      setProgress(now)
      queue({ chapterId, progress: now })
    }
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush(true)
    }
    const onPageHide = () => flush(true)
    window.addEventListener('scroll', onScroll, { passive: true })
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('scroll', onScroll)
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', onPageHide)
      // Another chapter, or the reader closes: what was not sent yet goes now.
      flush(true)
    }
  }, [ready, chapterId, body])

  return progress
}
