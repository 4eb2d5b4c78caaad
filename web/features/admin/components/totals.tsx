import { Inbox, ShieldCheck, Users, UserX } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PlatformTotals } from '#common/schemas/admin.ts'
import { Alert } from '#web/components/ui/card.tsx'
import { useTotals } from '../api/get-totals.ts'

const CARDS: { key: keyof PlatformTotals; label: string; icon: ReactNode }[] = [
  { key: 'users', label: 'Users', icon: <Users className="size-5" aria-hidden /> },
  { key: 'admins', label: 'Admins', icon: <ShieldCheck className="size-5" aria-hidden /> },
  { key: 'suspended', label: 'Suspended', icon: <UserX className="size-5" aria-hidden /> },
  { key: 'openMessages', label: 'Open messages', icon: <Inbox className="size-5" aria-hidden /> },
]

const number = new Intl.NumberFormat('en-US')

/** The platform at a glance: four counts straight from the server. */
export function Totals() {
  const { data, isPending, isError } = useTotals()
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="sr-only">
        Platform totals
      </h2>
      {isError && (
        <div className="mb-3">
          <Alert>The totals could not be loaded. The lists below still work.</Alert>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={isPending}>
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="flex items-center gap-2 text-sm font-medium text-stone-600">
              <span className="flex size-8 items-center justify-center rounded-lg bg-ink-50 text-ink-700">
                {card.icon}
              </span>
              {card.label}
            </dt>
            <dd className="mt-3 font-serif text-3xl font-semibold text-stone-900 tabular-nums">
              {data ? (
                number.format(data[card.key])
              ) : isPending ? (
                <span className="inline-block h-8 w-12 animate-pulse rounded-md bg-stone-200 align-middle">
                  <span className="sr-only">Loading</span>
                </span>
              ) : (
                <span className="text-stone-400">–</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
