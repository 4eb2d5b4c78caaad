import { useEffect, useState } from 'react'

const key = (place: string, userId: string) => `inkwell.seen.${place}.${userId}`

/**
 * Whether this person sees `place` for the first time in this browser (the dashboard's "Welcome"
 * rather than "Welcome back"). Kept in localStorage per account: the answer stays the same for as
 * long as the component lives, and the visit is recorded once it has been shown. Without storage
 * (refused, private mode) every visit is a first one.
 */
export function useFirstVisit(place: string, userId: string): boolean {
  const [first] = useState(() => {
    try {
      return localStorage.getItem(key(place, userId)) === null
    } catch {
      return true
    }
  })
  useEffect(() => {
    try {
      localStorage.setItem(key(place, userId), new Date().toISOString())
    } catch {
      // Not kept: the next visit says "Welcome" again, which is still true to say.
    }
  }, [place, userId])
  return first
}
