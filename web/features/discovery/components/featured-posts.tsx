import type { ReactNode } from 'react'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import { PostCardItem } from '#web/components/post-card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf } from '#web/components/ui/shelf.tsx'
import { useFeed } from '../api/get-feed.ts'
import { PostGrid, PostGridSkeleton } from './post-list.tsx'

/** The editors' picks, newest pick first: the first one large. Hidden when there are none. */
export function FeaturedPosts({ category }: { category?: PostCategory }) {
  const feed = useFeed({ category, sort: 'featured', limit: SHOWN.featured })
  const shelf = (children: ReactNode) => (
    <Shelf title="Featured" description="Picked by the Inkwell editors.">
      {children}
    </Shelf>
  )
  if (feed.isPending) return shelf(<PostGridSkeleton label="Loading featured posts…" />)
  if (feed.isError)
    return shelf(<QueryError what="featured posts" error={feed.error} onRetry={() => void feed.refetch()} />)
  const posts = feed.data.pages[0]?.items ?? []
  if (posts.length === 0) return null
  // Two picks share the row; otherwise the newest leads and the others sit under it.
  if (posts.length === 2) return shelf(<PostGrid posts={posts} narrow featuredBadge={false} />)
  const [lead, ...rest] = posts
  return shelf(
    <div className="space-y-6">
      <PostCardItem post={lead} variant="lead" featuredBadge={false} />
      {rest.length > 0 && <PostGrid posts={rest} narrow={rest.length < 3} featuredBadge={false} />}
    </div>,
  )
}
