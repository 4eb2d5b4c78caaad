import { Users } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { TableSkeleton } from '#web/components/ui/table.tsx'
import { useNow } from '#web/lib/relative-time.ts'
import { useMySubscriptions } from '../api/subscriptions.ts'
import { SubscriptionRow } from './subscription-row.tsx'

/** Whom I follow or pay, newest first, with Cancel, Resume or Unfollow. */
export function FollowingList() {
  const subscriptions = useMySubscriptions()
  const now = useNow()
  const items = subscriptions.data?.pages.flatMap((page) => page.items) ?? []

  if (subscriptions.isPending) return <TableSkeleton label="Loading whom you follow…" />
  if (!subscriptions.data)
    return (
      <QueryError
        what="whom you follow"
        error={subscriptions.error}
        onRetry={() => void subscriptions.refetch()}
      />
    )
  if (items.length === 0)
    return (
      <EmptyState icon={<Users className="size-8" aria-hidden />} title="You don't follow anyone yet">
        <p>Find writers you like on the Writers page, then follow or subscribe from their profile.</p>
        <ButtonLink to="/profile" variant="secondary" size="sm" className="mt-4">
          Find writers
        </ButtonLink>
      </EmptyState>
    )

  return (
    <div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
        {items.map((subscription) => (
          <SubscriptionRow key={subscription.id} subscription={subscription} now={now} />
        ))}
      </ul>
      <LoadMore pages={subscriptions} />
    </div>
  )
}
