import type { NavigateOptions } from 'react-router'

// Where the page scrolls on a navigation (web/app/layout/scroll-restoration.tsx): a new screen
// starts at the top, an address with a hash at its target, Back and Forward where the reader was.
// A navigation that only changes what the screen shows in place (a filter, a jump within a list)
// says so with KEEP_SCROLL: it is not brought to the top (an address with a hash still goes to its
// target).

/** The navigation state that keeps the page where it is. */
export const KEEP_SCROLL = { state: { keepScroll: true } } satisfies NavigateOptions

/** Whether a location's navigation asked to keep the page where it was. */
export const keepsScroll = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true
