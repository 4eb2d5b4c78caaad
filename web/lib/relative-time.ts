import { useEffect, useState } from 'react'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// While the browser hydrates a server-rendered page, "now" is the moment the server drew it, so
// that "5 min ago" reads the same on both sides (decision 030); then it is the clock's again.
let pinned: number | null = null

/** Relative times count from `at` (the server's clock for a page), or from the clock with null. */
export function pinNow(at: number | null) {
  pinned = at
}

// The server renders several pages at once (a streamed render spans tasks), so there the pinned
// moment is each render's own: web/server-render.tsx reads it from the render's async context.
let pinnedBy: () => number | null = () => pinned

/** Where the pinned moment is read from (the server's render sets it once). */
export function readPinnedNowFrom(source: () => number | null) {
  pinnedBy = source
}

const current = () => pinnedBy() ?? Date.now()

/** "just now", "5 min ago", "3 hours ago", "yesterday", "4 days ago", then the date (UTC's). */
export function relativeTime(iso: string, now: number = current()): string {
  const then = new Date(iso)
  const elapsed = now - then.getTime()
  if (Number.isNaN(elapsed)) return ''
  // A clock a little ahead of ours still reads as now.
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR)
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`
  }
  const days = Math.floor(elapsed / DAY)
  if (days === 1) return 'yesterday'
  if (days < 7) return `${days} days ago`
  const sameYear = then.getUTCFullYear() === new Date(now).getUTCFullYear()
  return then.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

/** The current time, ticking every minute, so "5 min ago" does not stay 5 minutes forever. */
export function useNow(intervalMs = MINUTE) {
  const [now, setNow] = useState(current)
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(id)
  }, [intervalMs])
  return now
}
