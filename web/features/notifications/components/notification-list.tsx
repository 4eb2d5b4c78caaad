import { BellOff, CheckCheck } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { useNow } from '#web/lib/relative-time.ts'
import { useNotificationPages } from '../api/list-notifications.ts'
import type { NotificationFilter } from '../api/notification-queries.ts'
import { NotificationActions } from './notification-actions.tsx'
import { NotificationItem } from './notification-item.tsx'

function SkeletonList() {
  return (
    <div role="status" aria-label="Loading notifications" className="divide-y divide-stone-100">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2 px-5 py-4">
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-20 animate-pulse rounded bg-stone-100" />
        </div>
      ))}
    </div>
  )
}

function FilteredList({ filter }: { filter: NotificationFilter }) {
  const pages = useNotificationPages(filter)
  const now = useNow()
  const items = pages.data?.pages.flatMap((page) => page.items) ?? []

  let body: ReactNode
  if (pages.isPending) body = <SkeletonList />
  else if (pages.isError && !pages.data) {
    body = (
      <div className="p-4">
        <Alert>
          Your notifications could not be loaded: {pages.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => pages.refetch()}>
            Try again
          </button>
        </Alert>
      </div>
    )
  } else if (items.length === 0) {
    body =
      filter === 'unread' ? (
        <EmptyState icon={<CheckCheck className="size-8" aria-hidden />} title="You're all caught up">
          No unread notifications. New ones appear here as they arrive.
        </EmptyState>
      ) : (
        <EmptyState icon={<BellOff className="size-8" aria-hidden />} title="No notifications yet">
          When someone likes or comments on your posts, replies, subscribes or buys your book, you will hear
          about it here.
        </EmptyState>
      )
  } else {
    body = (
      <ul
        aria-label={filter === 'unread' ? 'Unread notifications' : 'All notifications'}
        className={`divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-opacity ${pages.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            density="comfortable"
          />
        ))}
      </ul>
    )
  }

  const unreadCount = pages.data?.pages[0]?.unreadCount ?? 0
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {pages.data ? (unreadCount > 0 ? `${unreadCount} unread` : 'Nothing unread') : ''}
        </p>
        <NotificationActions unreadCount={unreadCount} hasItems={items.length > 0 || unreadCount > 0} />
      </div>
      {body}
      {pages.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button variant="secondary" onClick={() => pages.fetchNextPage()} busy={pages.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <Alert>More notifications could not be loaded. Try “Load more” again.</Alert>
      )}
    </div>
  )
}

/** Every notification of the signed-in person, newest first, all or only the unread ones. */
export function NotificationList() {
  const [filter, setFilter] = useState<NotificationFilter>('all')
  return (
    <Tabs<NotificationFilter>
      label="Show notifications"
      selected={filter}
      onSelect={setFilter}
      tabs={[
        { key: 'all', label: 'All', panel: <FilteredList filter="all" /> },
        { key: 'unread', label: 'Unread', panel: <FilteredList filter="unread" /> },
      ]}
    />
  )
}
