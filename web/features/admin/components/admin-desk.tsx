import { ArrowRight, Shield } from 'lucide-react'
import { Link } from 'react-router'
import type { AdminWaiting } from '#common/schemas/admin.ts'
import { useAdminWaiting } from '../api/get-waiting.ts'

const COUNTS: { key: keyof AdminWaiting; one: string; many: string; to: string }[] = [
  { key: 'posts', one: 'Post in review', many: 'Posts in review', to: '/pending' },
  { key: 'exams', one: 'Exam in review', many: 'Exams in review', to: '/pending' },
  { key: 'reports', one: 'Open report', many: 'Open reports', to: '/admin?tab=reports' },
  { key: 'payouts', one: 'Payout request', many: 'Payout requests', to: '/admin?tab=payouts' },
]

/**
 * Admins only, on the dashboard: what waits for a decision, each count leading to where it is
 * decided, and the way to the admin area, promising only what its tabs hold.
 */
export function AdminDesk() {
  const { data, isPending, isError } = useAdminWaiting(true)
  const total = data ? data.posts + data.exams + data.reports + data.payouts : 0
  return (
    <section
      aria-labelledby="admin-desk-title"
      className="rounded-2xl bg-ink-900 p-5 text-white shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-accent-400">
          <Shield className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="admin-desk-title" className="text-xl font-semibold text-white">
            Admin
          </h2>
          <p className="text-sm text-ink-100" aria-live="polite">
            {isError
              ? 'The counts could not be loaded; the queues below still open.'
              : isPending
                ? 'Counting what waits for you…'
                : total === 0
                  ? 'Nothing is waiting for you. All caught up.'
                  : `${total} ${total === 1 ? 'item is' : 'items are'} waiting for you.`}
          </p>
        </div>
        <Link
          to="/admin"
          className="group inline-flex h-9 items-center gap-1.5 rounded-lg bg-white px-3.5 text-sm font-medium text-ink-900 shadow-sm transition hover:bg-ink-50"
        >
          Open admin
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
      </div>
      <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {COUNTS.map(({ key, one, many, to }) => {
          const n = data?.[key]
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full flex-col rounded-xl bg-white/5 px-3 py-3 ring-1 ring-white/10 transition hover:bg-white/10 sm:px-4"
              >
                <span
                  className={`font-serif text-2xl font-semibold tabular-nums sm:text-3xl ${n ? 'text-accent-400' : 'text-white'}`}
                >
                  {n ?? '–'}
                </span>{' '}
                <span className="mt-0.5 text-xs leading-snug text-ink-100 sm:text-sm">
                  {n === 1 ? one : many}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
      <p className="mt-4 text-sm text-ink-100">
        In the admin area: users and roles, platform totals, reports, orders and refunds, payouts to writers,
        contact messages, subjects, and notices to everyone.
      </p>
    </section>
  )
}
