import type { PostCard } from '#common/schemas/posts.ts'
import { PostCardItem } from '#web/components/post-card.tsx'

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'

/** Cards in a grid, three across on wide screens (two with `narrow`). */
export function PostGrid({
  posts,
  narrow,
  featuredBadge,
}: {
  posts: PostCard[]
  narrow?: boolean
  featuredBadge?: boolean
}) {
  return (
    <ul className={narrow ? 'grid gap-6 sm:grid-cols-2' : GRID}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCardItem post={post} featuredBadge={featuredBadge} />
        </li>
      ))}
    </ul>
  )
}

/** Posts in order, each with its rank (popular lists). */
export function RankedPosts({ posts, columns = 1 }: { posts: PostCard[]; columns?: 1 | 2 }) {
  return (
    <ol className={`grid gap-x-8 gap-y-1 ${columns === 2 ? 'lg:grid-cols-2' : ''}`}>
      {posts.map((post, index) => (
        <li key={post.id} className="flex items-start gap-1">
          <span
            aria-hidden="true"
            className="w-8 shrink-0 pt-3 text-right font-serif text-3xl leading-none font-semibold text-stone-300 tabular-nums"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <PostCardItem post={post} variant="row" />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** Grey cards where posts will appear, announced once as loading. */
export function PostGridSkeleton({
  count = 3,
  label = 'Loading posts…',
  narrow,
}: {
  count?: number
  label?: string
  narrow?: boolean
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={narrow ? 'grid gap-6 sm:grid-cols-2' : GRID}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
            <div className="aspect-[5/2] animate-pulse bg-stone-100 sm:aspect-[16/9]" />
            <div className="space-y-3 p-5">
              <div className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
              <div className="h-5 w-5/6 animate-pulse rounded bg-stone-200" />
              <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-stone-100" />
              <div className="flex items-center gap-2 pt-3">
                <div className="size-8 animate-pulse rounded-full bg-stone-200" />
                <div className="h-3 w-24 animate-pulse rounded bg-stone-200" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

/** Grey rows where a ranked list will appear. */
export function RowSkeleton({ count = 4, label = 'Loading posts…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-4">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i} className="flex gap-4 p-3 pl-9">
            <div className="size-20 shrink-0 animate-pulse rounded-xl bg-stone-100" />
            <div className="flex-1 space-y-2.5 pt-1">
              <div className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
              <div className="h-4 w-5/6 animate-pulse rounded bg-stone-200" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
