import { useSyncExternalStore } from 'react'
import { announce } from '#web/lib/announce.ts'

// A new version of the app, waiting (decision 054). The service worker never takes over an open page
// by itself: the page offers "A new version is ready — Reload", and only the reader's Reload
// lets the new worker take over (skipWaiting), then loads the page once, in the new version. When
// another tab made the swap, this one is not reloaded under its reader: it offers the same Reload.

export const UPDATE_READY = 'A new version is ready'

export type UpdateOffer = ReturnType<typeof createUpdateOffer>

/** The offer's state and steps; `reload` loads the page again (the app's reloads the window). */
export function createUpdateOffer(reload: () => void) {
  let offered = false
  let accepted = false
  let reloading = false
  /** Asks the waiting worker to take over; gone once it has (another tab may have asked first). */
  let takeOver: (() => Promise<void>) | null = null
  const listeners = new Set<() => void>()

  const setOffered = (next: boolean) => {
    if (offered === next) return
    offered = next
    for (const listener of listeners) listener()
    if (next) announce(`${UPDATE_READY}. Reload when you are ready.`)
  }
  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    reload()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const snapshot = () => offered
  const serverSnapshot = () => false

  return {
    /** A new worker is installed and waiting: `skipWaiting` lets it take over. */
    offer(skipWaiting: () => Promise<void>) {
      takeOver = skipWaiting
      setOffered(true)
    },
    /** The new worker controls the page now (at this page's request, or another tab's). */
    tookOver() {
      takeOver = null
      if (accepted) reloadOnce()
      else setOffered(true)
    },
    /** Reload: the waiting worker takes over first (the page reloads once it has), else at once. */
    accept() {
      if (accepted) return
      accepted = true
      if (takeOver) void takeOver()
      else reloadOnce()
    },
    /** Later: the offer goes until the next version, or the next load (which runs the new one). */
    dismiss() {
      setOffered(false)
    },
    /** Whether a new version waits for the reader's Reload. */
    useOffered(): boolean {
      return useSyncExternalStore(subscribe, snapshot, serverSnapshot)
    },
  }
}

/** This page's offer. */
export const appUpdate = createUpdateOffer(() => window.location.reload())
