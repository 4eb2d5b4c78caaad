import type { ReactNode } from 'react'
import type { FeedFilters } from '#common/query-keys.ts'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { useFeed } from '../api/get-feed.ts'
import { PostGrid, PostGridSkeleton } from './post-list.tsx'

interface FeedListProps {
  filters: FeedFilters
  /** Shown when nothing matches. */
  empty: ReactNode
  /** Two cards across instead of three (beside a sidebar). */
  narrow?: boolean
}

/** Published posts matching `filters` in a grid, a page at a time with "Load more". */
export function FeedList({ filters, empty, narrow }: FeedListProps) {
  const feed = useFeed(filters)
  if (feed.isPending) return <PostGridSkeleton count={narrow ? 4 : 6} narrow={narrow} />
  // A failed "Load more" keeps the pages already shown (and says so under them).
  if (!feed.data)
    return <QueryError what="these posts" error={feed.error} onRetry={() => void feed.refetch()} />
  const posts = feed.data.pages.flatMap((page) => page.items)
  if (posts.length === 0) return empty
  return (
    <div>
      <PostGrid posts={posts} narrow={narrow} />
      <LoadMore pages={feed} />
      {feed.isFetchNextPageError && (
        <div className="mt-4">
          <QueryError what="more posts" error={feed.error} onRetry={() => void feed.fetchNextPage()} />
        </div>
      )}
    </div>
  )
}
