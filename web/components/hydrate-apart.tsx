import { type ReactNode, Suspense } from 'react'

/**
 * A part of a long server-rendered page that React hydrates on its own (decision 041): a Suspense
 * boundary, so hydrating home is several short tasks, and the part a reader taps first is
 * hydrated first. It never shows its fallback: the server has drawn the part, and a client render
 * has nothing to wait for.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
