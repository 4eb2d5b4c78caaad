import { useCallback, useEffect, useRef, useState } from 'react'

export const AUTOSAVE_DELAY_MS = 2000

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error' }

interface AutosaveOptions<T> {
  /** The current draft; a change (by its JSON) schedules a save. */
  value: T
  /** Saves a draft; rejects when it fails. */
  save: (value: T) => Promise<unknown>
  /** Off while the draft cannot be saved yet (still loading, no title, a post under review). */
  enabled: boolean
  /** What the server already holds (a loaded post): no save until the draft differs from it. */
  initial?: T
  delay?: number
}

/**
 * Saves a draft `delay` ms after the last change. Saves never overlap: a change made while one
 * is on its way is saved right after it, so the server always ends with the latest draft (and a
 * save that creates it has its answer before the next one starts). Leaving the page saves what
 * the timer had not saved yet. `flush()` saves now (Save draft, Retry) and tells whether the latest
 * draft is on the server.
 */
export function useAutosave<T>({
  value,
  save,
  enabled,
  initial,
  delay = AUTOSAVE_DELAY_MS,
}: AutosaveOptions<T>) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' })
  const key = JSON.stringify(value)
  const latest = useRef({ value, key, save, enabled })
  latest.current = { value, key, save, enabled }
  const savedKey = useRef<string | null>(initial === undefined ? null : JSON.stringify(initial))
  const running = useRef<Promise<void> | null>(null)

  const flush = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current
    const { value: current, key: currentKey, save: run } = latest.current
    if (currentKey === savedKey.current) return true
    let ok = true
    const attempt = (async () => {
      setState({ kind: 'saving' })
      try {
        await run(current)
        savedKey.current = currentKey
        setState({ kind: 'saved', at: new Date() })
      } catch {
        ok = false
        setState({ kind: 'error' })
      }
    })()
    running.current = attempt
    await attempt
    running.current = null
    return ok
  }, [])

  useEffect(() => {
    if (!enabled || key === savedKey.current) return
    const timer = setTimeout(() => void flush(), delay)
    return () => clearTimeout(timer)
  }, [key, enabled, delay, flush])

  useEffect(
    () => () => {
      const { key: leftKey, enabled: wasEnabled } = latest.current
      if (wasEnabled && leftKey !== savedKey.current) void flush()
    },
    [flush],
  )

  return { state, flush }
}
