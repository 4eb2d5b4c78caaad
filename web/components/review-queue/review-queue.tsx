import { Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'

/** What the section needs of an infinite query of pages of items. */
interface PagedQuery<T> {
  data?: { pages: { items: T[] }[] }
  isPending: boolean
  error: Error | null
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/**
 * An admins' review queue in /pending (posts, exams, books): a titled list read page by page, with
 * its loading, error and empty states and Load more. Each kind draws its items with ReviewEntry.
 */
export function ReviewQueue<T>({
  id,
  title,
  description,
  query,
  loadingLabel,
  emptyTitle,
  children,
}: {
  id: string
  title: string
  description: string
  query: PagedQuery<T>
  loadingLabel: string
  emptyTitle: string
  /** One entry (a ReviewEntry, an <li>) per item. */
  children: (item: T) => ReactNode
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{description}</p>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label={loadingLabel} />
        ) : query.error && items.length === 0 ? (
          <Alert>{query.error.message}</Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={<Inbox className="size-8" aria-hidden />} title={emptyTitle}>
            New submissions appear here.
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-4">{items.map(children)}</ul>
            <LoadMore pages={query} />
          </>
        )}
      </div>
    </section>
  )
}
