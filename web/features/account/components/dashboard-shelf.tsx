import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'

interface DashboardShelfProps {
  title: string
  icon: LucideIcon
  /** What the shelf will hold, said plainly while it is empty. */
  empty: string
  action: { to: string; label: string }
}

/**
 * One of the dashboard's shelves (library, reading, posts, exam attempts). Until the capability
 * that fills it exists, it shows an honest empty state naming what will appear, never made-up data.
 */
export function DashboardShelf({ title, icon: Icon, empty, action }: DashboardShelfProps) {
  const id = `shelf-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section aria-labelledby={id} className="flex flex-col">
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-1 flex-col items-start rounded-2xl border border-dashed border-stone-300 bg-white/60 p-5">
        <Icon className="size-6 text-stone-400" aria-hidden />
        <p className="mt-3 flex-1 text-[15px] text-stone-600">{empty}</p>
        <Link
          to={action.to}
          className="mt-4 text-sm font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline"
        >
          {action.label}
        </Link>
      </div>
    </section>
  )
}
