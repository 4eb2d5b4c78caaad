import { ArrowRight, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { CountBadge } from '#web/components/ui/count-badge.tsx'

export interface QuickAction {
  to: string
  label: string
  description: string
  icon: LucideIcon
  /** Things waiting there (an admin's review queue), or due (practice cards). */
  count?: number
  /** What the count counts, as read after the label ("Practice, 3 due"). */
  countLabel?: string
}

function ActionCard({ action }: { action: QuickAction }) {
  const Icon = action.icon
  return (
    <li>
      <Link
        to={action.to}
        className="group relative flex h-full items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3.5 shadow-sm transition hover:border-ink-200 hover:shadow-md sm:items-start sm:gap-3.5 sm:p-4"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-50 text-ink-800 transition-colors group-hover:bg-ink-900 group-hover:text-white">
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          {/* A phone's half row fits the longest label ("Subscriptions") in text-sm. */}
          <span className="text-sm font-medium text-stone-900 sm:text-base">
            {action.label}
            <ArrowRight
              className="ml-1 hidden size-3.5 align-[-1px] text-stone-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ink-700 sm:inline"
              aria-hidden
            />
            {/* Right after the label when read ("Review queue, 3 waiting"); in the card's corner on screen. */}
            <CountBadge
              count={action.count}
              label={action.countLabel}
              className="absolute top-2.5 right-2.5"
            />
          </span>
          <span className="mt-0.5 hidden text-sm text-stone-600 sm:block">{action.description}</span>
        </span>
      </Link>
    </li>
  )
}

/** The dashboard's way to every place the person works (the same places as the account menu). */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        Your workspace
      </h2>
      {/* One card a row below 360 px: half of 320 px is too narrow for an icon and a label. */}
      <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3">
        {actions.map((action) => (
          <ActionCard key={action.to} action={action} />
        ))}
      </ul>
    </section>
  )
}
