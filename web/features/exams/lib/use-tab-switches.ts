import { useEffect, useEffectEvent } from 'react'

/**
 * Calls `onLeave` each time the taker leaves: the tab hidden, or the window losing focus while the
 * tab stays visible (another window on top). Leaving once fires both events; it counts once, until
 * the taker is back.
 */
export function useTabSwitches(onLeave: () => void) {
  const leave = useEffectEvent(onLeave)
  useEffect(() => {
    let away = document.visibilityState === 'hidden'
    const gone = () => {
      if (away) return
      away = true
      leave()
    }
    const back = () => {
      away = false
    }
    const onVisibility = () => (document.visibilityState === 'hidden' ? gone() : back())
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('blur', gone)
    window.addEventListener('focus', back)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('blur', gone)
      window.removeEventListener('focus', back)
    }
  }, [])
}
