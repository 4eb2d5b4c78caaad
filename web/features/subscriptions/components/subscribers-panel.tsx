import { Download, Upload, UserPlus } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { SUBSCRIBERS_EXPORT_HREF, useImportedSubscribers } from '../api/imported-subscribers.ts'
import { useMySubscribers } from '../api/subscriptions.ts'
import { IMPORTED_SECTION, ImportedSubscribers } from './imported-subscribers.tsx'
import { SubscriberImport } from './subscriber-import.tsx'

/**
 * A writer's side: paid and free counted apart, my price, who subscribed since when; a list
 * brought from another service (import, then the addresses and whether each confirmed) and every
 * subscriber taken away as CSV.
 */
export function SubscribersPanel() {
  const subscribers = useMySubscribers()
  // The imported list's counts (its own section reads the same query).
  const imported = useImportedSubscribers().data?.pages[0]?.counts
  const importedTotal = imported ? Object.values(imported).reduce((a, b) => a + b, 0) : 0
  const [importing, setImporting] = useState(false)
  const importId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const closeImport = () => {
    setImporting(false)
    toggle.current?.focus()
  }
  const items = subscribers.data?.pages.flatMap((page) => page.items) ?? []

  if (subscribers.isPending) return <TableSkeleton label="Loading your subscribers…" />
  if (!subscribers.data)
    return (
      <QueryError
        what="your subscribers"
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
      />
    )
  // Counts and price are over all pages: the first page says them.
  const { paidCount, freeCount, monthlyPrice } = subscribers.data.pages[0]

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-lg text-stone-900">
          <span className="font-semibold tabular-nums">{paidCount}</span> paid
          <span aria-hidden="true" className="mx-2 text-stone-400">
            ·
          </span>
          <span className="font-semibold tabular-nums">{freeCount}</span> free
          {importedTotal > 0 && (
            <>
              <span aria-hidden="true" className="mx-2 text-stone-400">
                ·
              </span>
              <a
                href={`#${IMPORTED_SECTION}`}
                className="underline decoration-stone-300 underline-offset-4 hover:decoration-ink-700"
              >
                <span className="font-semibold tabular-nums">{importedTotal}</span> imported
              </a>
            </>
          )}
        </p>
        <p className="text-sm text-stone-600">
          Your price:{' '}
          <span className="font-medium text-stone-900">
            {monthlyPrice === 0 ? 'Free' : `${formatMoney(monthlyPrice)} / month`}
          </span>
          <span aria-hidden="true" className="mx-2 text-stone-400">
            ·
          </span>
          <Link
            to="/settings#subscription-price"
            className="font-medium text-ink-800 underline underline-offset-4"
          >
            Change in settings
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={toggle}
          variant="secondary"
          size="sm"
          aria-expanded={importing}
          aria-controls={importing ? importId : undefined}
          onClick={() => setImporting((open) => !open)}
        >
          <Upload className="size-4" aria-hidden />
          Import from CSV
        </Button>
        <a href={SUBSCRIBERS_EXPORT_HREF} download className={buttonClass('secondary', 'sm')}>
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      </div>
      {importing && (
        <div id={importId}>
          <SubscriberImport onClose={closeImport} />
        </div>
      )}
      {items.length === 0 ? (
        <EmptyState icon={<UserPlus className="size-8" aria-hidden />} title="No subscribers yet">
          <p>
            Readers follow or subscribe from your writer page and your posts. Publish something worth coming
            back for, and share your page. Moving from another newsletter? Import your list from a CSV.
          </p>
        </EmptyState>
      ) : (
        <div>
          <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
            {items.map((s) => (
              <li key={s.id} className="flex items-center gap-3 p-4 sm:px-5">
                <Avatar name={s.subscriber.name} image={s.subscriber.image} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-900">{s.subscriber.name}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                        s.kind === 'paid'
                          ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200'
                          : 'bg-stone-100 text-stone-700'
                      }`}
                    >
                      {s.kind === 'paid' ? 'Paid' : 'Free'}
                    </span>
                    <span>Since {formatDate(s.createdAt)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore pages={subscribers} />
        </div>
      )}
      <ImportedSubscribers />
    </div>
  )
}
