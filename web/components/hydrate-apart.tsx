import { type ReactNode, Suspense, use, useState } from 'react'

/**
 * Hydrates its part of a server-rendered page in a task of its own (decision 032). Preact hydrates
 * a page in one go, and a long page such as home was one long task on a phone. While the page is
 * being hydrated, this part suspends until the next task; Preact keeps its server markup meanwhile
 * and attaches to it then. Rendered any other way, it is its children.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  const [nextTask] = useState(() => (hydrating() ? new Promise((resolve) => setTimeout(resolve, 0)) : null))
  return (
    // Its own element on both sides, even around a part that draws nothing (an empty shelf): a
    // waiting part keeps the first node in its place, which must be its own, never a neighbour's.
    <div className="empty:hidden">
      {nextTask ? (
        <Suspense fallback={null}>
          <After task={nextTask}>{children}</After>
        </Suspense>
      ) : (
        children
      )}
    </div>
  )
}

function After({ task, children }: { task: Promise<unknown>; children: ReactNode }) {
  use(task)
  return children
}

/** The server's markup is still the page's (web/app/app.tsx removes the mark once hydrated). */
const hydrating = () =>
  typeof document !== 'undefined' &&
  document.getElementById('root')?.hasAttribute('data-server-rendered') === true
