import { Focus } from 'lucide-react'
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { ReaderTheme } from '#common/schemas/reader-settings.ts'
import { announce } from '#web/lib/announce.ts'
import { BAR_CONTROL, THEME_CLASSES } from '../lib/reader-settings.ts'

// Focus mode (decision 054): while a chapter is open, the site's header, navigation and footer go
// away (the root layout hides them when the page draws data-focus-mode), as Kindle and Apple Books
// open a book. The Focus toggle brings them back, and so does Escape.

const HIDDEN = "Focus mode: the site's menus are hidden. Press Escape to bring them back."
const SHOWN = "The site's menus are back."

/** Escape belongs to an open dialog or menu first: it closes that, and focus mode stays. */
const popupOpen = () => Boolean(document.querySelector('[aria-modal="true"], [aria-expanded="true"]'))

export interface FocusMode {
  on: boolean
  toggle: () => void
  /** The toggle, where focus goes if the chrome that held it hides. */
  button: RefObject<HTMLButtonElement | null>
}

/** On when a chapter opens; the toggle and Escape change it, and say so. */
export function useFocusMode(): FocusMode {
  const [on, setOn] = useState(true)
  const button = useRef<HTMLButtonElement>(null)
  const change = (next: boolean) => {
    setOn(next)
    announce(next ? HIDDEN : SHOWN)
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!on || event.key !== 'Escape' || event.defaultPrevented || popupOpen()) return
    change(false)
  })
  useEffect(() => {
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // Focus is never left on something that just hid (a header link): it goes to the toggle.
  useEffect(() => {
    const focused = document.activeElement
    if (on && focused instanceof HTMLElement && focused.checkVisibility?.() === false) button.current?.focus()
  }, [on])

  return { on, toggle: () => change(!on), button }
}

/**
 * The theme's background on the whole window (the root element: margins, overscroll), not only
 * the text column, while the reader is open; the rest of the app gets its own back on leaving.
 */
export function usePageBackground(themeClasses: string) {
  useEffect(() => {
    const background = themeClasses.split(' ').filter((name) => name.startsWith('bg-'))
    document.documentElement.classList.add(...background)
    return () => document.documentElement.classList.remove(...background)
  }, [themeClasses])
}

/** The one control that hides and brings back the site's menus (a toggle: pressed while hidden). */
export function FocusModeToggle({ focus, theme }: { focus: FocusMode; theme: ReaderTheme }) {
  return (
    <button
      ref={focus.button}
      type="button"
      aria-pressed={focus.on}
      aria-keyshortcuts={focus.on ? 'Escape' : undefined}
      title={focus.on ? "Show the site's menus (Escape)" : "Hide the site's menus"}
      onClick={focus.toggle}
      className={`${BAR_CONTROL} ${THEME_CLASSES[theme].control} aria-pressed:bg-ink-50 aria-pressed:text-ink-800 aria-pressed:ring-ink-200`}
    >
      <Focus className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">Focus</span>
    </button>
  )
}
