import { useEffect, useEffectEvent, useState } from 'react'

/** Where a screen that could not load stands while it waits to load again. */
export type Reconnect =
  /** The browser says there is no network: waiting for its `online` event. */
  | { state: 'offline' }
  /** Online, but the server did not answer: asking again in `secondsLeft` of `seconds`. */
  | { state: 'waiting'; seconds: number; secondsLeft: number }
  /** Asking the server now. */
  | { state: 'checking' }
  /** The server answers: the screen is being loaded again (or the page reloaded). */
  | { state: 'retrying' }
  /** The server answers, yet the screen still fails after a reload: only a person can go on. */
  | { state: 'stuck' }

const FIRST_WAIT_S = 2
const LONGEST_WAIT_S = 30
const HEALTH_TIMEOUT_MS = 10_000
// A deploy removes the old hashed files a tab still asks for, and a browser may keep a failed
// import() of a URL failed: one reload of the same address fixes both. It is remembered for the
// tab, per address, so a screen that fails for another reason cannot reload in a loop.
const RELOADED_KEY = 'inkwell:reloaded-after-chunk-failure'
const RELOAD_GUARD_MS = 5 * 60_000

/**
 * Brings a screen back by itself after its file failed to load. Offline, it waits for the
 * browser's `online` event; online, it asks /api/health at once, then after 2 s, 4 s, 8 s … at most
 * 30 s apart (paused while the tab is hidden, asking at once when it is shown again). Once the
 * server answers it calls `retry`, which loads the screen again. `retried` says the failure at hand
 * is what such a retry ended in: a deploy replaced the file, the browser keeps the failed import, or
 * the server dropped again meanwhile. So it waits for the server the same way, then reloads the page
 * once instead of retrying: a reload while the server is away would land on the browser's own
 * "can't be reached" page, which never comes back by itself.
 */
export function useReconnect({ retried, retry }: { retried: boolean; retry: () => void }): Reconnect {
  // After a retry the server answered a moment ago: the reload is on its way unless it dropped.
  const [status, setStatus] = useState<Reconnect>(() =>
    !navigator.onLine ? { state: 'offline' } : retried ? { state: 'retrying' } : { state: 'checking' },
  )
  const serverIsBack = useEffectEvent(retry)

  useEffect(() => {
    let nextWait = FIRST_WAIT_S
    let secondsLeft = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let checking: AbortController | undefined
    let finished = false

    const tick = () => {
      timer = setTimeout(() => {
        secondsLeft -= 1
        setStatus((s) => (s.state === 'waiting' ? { ...s, secondsLeft } : s))
        if (secondsLeft > 0) tick()
        else void check()
      }, 1000)
    }
    const wait = () => {
      secondsLeft = nextWait
      setStatus({ state: 'waiting', seconds: nextWait, secondsLeft })
      nextWait = Math.min(nextWait * 2, LONGEST_WAIT_S)
      if (!document.hidden) tick()
    }
    const stop = () => {
      clearTimeout(timer)
      checking?.abort()
      checking = undefined
    }
    const goOffline = () => {
      stop()
      setStatus({ state: 'offline' })
    }
    const check = async () => {
      stop()
      if (!navigator.onLine) return goOffline()
      const controller = new AbortController()
      checking = controller
      setStatus((s) => (s.state === 'retrying' ? s : { state: 'checking' }))
      const giveUp = setTimeout(() => controller.abort(), HEALTH_TIMEOUT_MS)
      const back = await serverAnswers(controller.signal)
      clearTimeout(giveUp)
      // Superseded by another check, by going offline or by leaving the screen.
      if (checking !== controller) return
      checking = undefined
      if (back) {
        finished = true
        if (retried) setStatus(reloadOnce() ? { state: 'retrying' } : { state: 'stuck' })
        else {
          setStatus({ state: 'retrying' })
          serverIsBack()
        }
      } else if (navigator.onLine) wait()
      else goOffline()
    }

    // A connection that has just come back starts the waits afresh.
    const onOnline = () => {
      if (finished) return
      nextWait = FIRST_WAIT_S
      void check()
    }
    const onOffline = () => !finished && goOffline()
    const onVisibility = () => {
      if (finished || !navigator.onLine) return
      if (document.hidden) clearTimeout(timer)
      else if (!checking) void check()
    }
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    document.addEventListener('visibilitychange', onVisibility)
    // Asking at once tells a deploy (the server answers) from an outage before anyone reads on.
    if (navigator.onLine) void check()
    return () => {
      finished = true
      stop()
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [retried])

  return status
}

/** Whether the server answers at all: a reachability probe, so the body is not read. */
async function serverAnswers(signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', signal })
    return response.ok
  } catch {
    return false
  }
}

/** Reloads the page unless this address was reloaded for a failed screen a moment ago. */
function reloadOnce(): boolean {
  const here = window.location.pathname + window.location.search
  try {
    const last: { url?: string; at?: number } = JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? '{}')
    if (last.url === here && Date.now() - (last.at ?? 0) < RELOAD_GUARD_MS) return false
    sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ url: here, at: Date.now() }))
  } catch {
    // Without storage a reload could not know it already happened: leave it to the person.
    return false
  }
  window.location.reload()
  return true
}
