import { type ReactNode, useId, useRef } from 'react'
import { useKeyboardScrollable } from '#web/lib/use-keyboard-scrollable.ts'

export interface TableColumn {
  label: ReactNode
  /** Numbers and actions sit on the right. */
  align?: 'left' | 'right'
  /** Width or visibility classes for the column's header (its cells carry their own). */
  className?: string
}

const FRAMES = {
  /** A card of its own; at phone width its rows restyle as cards (the markup stays a real table). */
  cards: {
    frame: 'md:overflow-hidden md:rounded-2xl md:border md:border-stone-200 md:bg-white md:shadow-sm',
    table: 'w-full text-left text-sm max-md:block',
    head: 'border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-500 uppercase max-md:sr-only',
    th: 'px-4 py-3 font-medium',
    body: 'divide-y divide-stone-100 max-md:block max-md:space-y-3 max-md:divide-y-0',
  },
  /** A card of its own that scrolls sideways on a phone. */
  card: {
    frame: 'overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm',
    table: 'w-full text-left text-sm',
    head: 'border-b border-stone-200 bg-stone-50 text-xs text-stone-500 uppercase',
    th: 'px-4 py-2.5 font-medium',
    body: 'divide-y divide-stone-100',
  },
  /** Inside a panel that is already a card. */
  plain: {
    frame: 'overflow-x-auto',
    table: 'w-full text-left text-sm',
    head: 'text-xs text-stone-500 uppercase',
    th: 'py-2 pr-3 font-medium',
    body: 'divide-y divide-stone-100',
  },
}

/** Every table of the app: a caption for screen readers, a header row, rows as children. */
export function DataTable({
  caption,
  columns,
  variant = 'card',
  tableClassName = '',
  children,
  after,
}: {
  caption: string
  columns: TableColumn[]
  variant?: keyof typeof FRAMES
  tableClassName?: string
  children: ReactNode
  /** Rows set apart after the body (a second tbody), such as my own rank below the board. */
  after?: ReactNode
}) {
  const style = FRAMES[variant]
  const frame = useRef<HTMLElement>(null)
  const captionId = useId()
  // A table that scrolls sideways on a phone is a region (a section named by its caption) that the
  // keyboard can scroll: it joins the tab order only while it is wider than the screen.
  useKeyboardScrollable(frame)
  return (
    <section ref={frame} className={style.frame} aria-labelledby={captionId}>
      <table className={`${style.table} ${tableClassName}`}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className={style.head}>
          <tr>
            {columns.map((column, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                key={i}
                scope="col"
                className={`${style.th} ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>{children}</tbody>
        {after}
      </table>
    </section>
  )
}

/** Placeholder rows while a table loads. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-2" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4">
          <div className="size-8 animate-pulse rounded-full bg-stone-200" />
          <div className="h-3 w-40 animate-pulse rounded bg-stone-200" />
          <div className="ml-auto hidden h-3 w-24 animate-pulse rounded bg-stone-100 sm:block" />
        </div>
      ))}
    </div>
  )
}

/** Shown above a cell's value only when a `cards` table is stacked at phone width. */
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
