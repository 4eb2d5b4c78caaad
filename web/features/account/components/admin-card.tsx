import { ArrowRight, Shield } from 'lucide-react'
import { Link } from 'react-router'

/** Admins only: the way to the admin area (the route and the server check the role too). */
export function AdminCard() {
  return (
    <Link
      to="/admin"
      className="group flex items-center gap-4 rounded-2xl bg-ink-900 p-5 text-white shadow-sm transition hover:bg-ink-800"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-accent-400">
        <Shield className="size-5" aria-hidden />
      </span>
      <span className="flex-1">
        <span className="block font-medium">Admin</span>
        <span className="block text-sm text-ink-100">
          Review queue, reports, users, subjects and payouts.
        </span>
      </span>
      <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
    </Link>
  )
}
