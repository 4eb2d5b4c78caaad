import type { ReactNode } from 'react'
import { POPULAR_WINDOW_DAYS } from '#common/constants.ts'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf } from '#web/components/ui/shelf.tsx'
import { usePopular } from '../api/get-feed.ts'
import { RankedPosts, RowSkeleton } from './post-list.tsx'

/** The most liked and read this week, ranked. Hidden when nothing was read this week. */
export function PopularPosts({
  category,
  limit = SHOWN.popular,
  columns = 1,
}: {
  category?: PostCategory
  limit?: number
  columns?: 1 | 2
}) {
  const popular = usePopular({ category, limit })
  const shelf = (children: ReactNode) => (
    <Shelf
      title="Popular this week"
      description={`The most liked and read in the last ${POPULAR_WINDOW_DAYS} days.`}
    >
      {children}
    </Shelf>
  )
  if (popular.isPending)
    return shelf(<RowSkeleton count={columns === 2 ? 4 : 3} label="Loading popular posts…" />)
  if (popular.isError)
    return shelf(
      <QueryError what="popular posts" error={popular.error} onRetry={() => void popular.refetch()} />,
    )
  if (popular.data.length === 0) return null
  return shelf(<RankedPosts posts={popular.data} columns={columns} />)
}
