declare global {
  interface Window {
    /** The buttons tapped before hydration, held by the page's inline script. */
    __inkwellTaps?: HTMLButtonElement[]
  }
}

/**
 * Taps again, now that the app has hydrated the page, the buttons a reader tapped while the page
 * was still only the server's markup (server/modules/pages/early-taps.ts holds them).
 */
export function replayEarlyTaps() {
  for (const button of window.__inkwellTaps?.splice(0) ?? []) {
    if (button.isConnected && !button.disabled) button.click()
  }
}
