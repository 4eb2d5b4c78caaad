import { ArrowRight, type LucideIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'

/**
 * A titled section holding a few of something (the home page's posts, the dashboard's posts and
 * exam attempts), with a way to the whole list; on the dashboard, a few items or an honest empty state.
 */
export function Shelf({
  title,
  description,
  more,
  children,
}: {
  title: string
  description?: ReactNode
  /** The screen that holds everything this shelf shows a few of ("See all"). */
  more?: { to: string; label: string }
  children: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
            {title}
          </h2>
          {description && <p className="mt-1.5 max-w-2xl text-stone-600">{description}</p>}
        </div>
        {more && (
          <Link
            to={more.to}
            className="group inline-flex shrink-0 items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
          >
            {more.label}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}

/** What the shelf will hold, said plainly while it is empty, and where to start; never made-up data. */
export function ShelfEmpty({
  icon: Icon,
  children,
  action,
}: {
  icon: LucideIcon
  children: ReactNode
  action: { to: string; label: string }
}) {
  return (
    <div className="flex flex-1 flex-col items-start rounded-2xl border border-dashed border-stone-300 bg-white/60 p-5">
      <Icon className="size-6 text-stone-400" aria-hidden />
      <p className="mt-3 flex-1 text-[15px] text-stone-600">{children}</p>
      <Link
        to={action.to}
        className="mt-4 text-sm font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline"
      >
        {action.label}
      </Link>
    </div>
  )
}

/** The shelf's items, one card with a row each. */
export function ShelfList({ children }: { children: ReactNode }) {
  return (
    <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      {children}
    </ul>
  )
}

/** Rows' worth of grey while the shelf loads, so the page keeps its place. */
export function ShelfLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      className="flex-1 divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <div key={i} aria-hidden="true" className="space-y-2 px-4 py-3.5">
          <div className="h-4 w-3/4 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-stone-100" />
        </div>
      ))}
    </div>
  )
}
