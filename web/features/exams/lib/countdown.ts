import { useEffect, useEffectEvent, useState } from 'react'

/** Below these, the timer turns amber, then red, and says so to screen readers once. */
export const WARN_AT_MS = 5 * 60_000
export const URGENT_AT_MS = 60_000
const TICK_MS = 250

/** Milliseconds left: the server's deadline against the server's now (this device's clock plus the offset). */
export const remainingMs = (deadlineMs: number, clockOffsetMs: number, deviceNow = Date.now()) =>
  Math.max(0, deadlineMs - (deviceNow + clockOffsetMs))

/** "1:02:05", "4:07", "0:09" */
export function formatClock(ms: number) {
  const total = Math.ceil(ms / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The time left as words for a screen reader: "1 hour 5 minutes", "12 minutes", "40 seconds". */
export function spokenTime(ms: number) {
  const totalMinutes = Math.floor(Math.max(0, ms) / 60_000)
  if (totalMinutes === 0) return `${Math.max(0, Math.round(ms / 1000))} seconds`
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  const part = (n: number, unit: string) => (n === 0 ? '' : `${n} ${unit}${n === 1 ? '' : 's'}`)
  return [part(hours, 'hour'), part(minutes, 'minute')].filter(Boolean).join(' ')
}

export type CountdownLevel = 'calm' | 'warning' | 'urgent'
export const levelOf = (ms: number): CountdownLevel =>
  ms <= URGENT_AT_MS ? 'urgent' : ms <= WARN_AT_MS ? 'warning' : 'calm'

/**
 * The time left until `deadline` (an ISO date from the server), ticking; `onExpire` runs once
 * when it reaches zero (at once if it already has).
 */
export function useCountdown(deadline: string, clockOffsetMs: number, onExpire: () => void) {
  const deadlineMs = Date.parse(deadline)
  const [left, setLeft] = useState(() => remainingMs(deadlineMs, clockOffsetMs))
  const expire = useEffectEvent(onExpire)

  useEffect(() => {
    let expired = false
    const tick = () => {
      const next = remainingMs(deadlineMs, clockOffsetMs)
      setLeft(next)
      if (next === 0 && !expired) {
        expired = true
        expire()
      }
    }
    tick()
    const timer = setInterval(tick, TICK_MS)
    return () => clearInterval(timer)
  }, [deadlineMs, clockOffsetMs])

  return left
}
