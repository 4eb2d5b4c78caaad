import type { ReactNode } from 'react'

/** Shown above a cell's value only when a table is stacked into cards (phone width). */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="mb-1 block text-xs font-medium tracking-wide text-stone-500 uppercase md:hidden"
    >
      {children}
    </span>
  )
}
