import { useInfiniteQuery } from '@tanstack/react-query'
import { Bookmark, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { postPath } from '#common/paths.ts'
import type { ReadingListItem } from '#common/schemas/reading-list.ts'
import { EmptyState } from '#web/components/ui/card.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { announce } from '#web/lib/announce.ts'
import { formatDate } from '#web/lib/format.ts'
import { readingListQueries, useSaveForLater } from '../api/reading-list.ts'

interface ReadingListProps {
  /** What this device holds of a saved post ("Available offline"), drawn by the route's offline part. */
  offline: (item: ReadingListItem) => ReactNode
  /** A post taken off the list leaves the device too. */
  onRemoved: (postId: string) => Promise<void>
}

function SavedPost({ item, offline, onRemoved }: { item: ReadingListItem } & ReadingListProps) {
  const { post } = item
  const remove = useSaveForLater(post.id)
  const removeIt = () =>
    remove.mutate(false, {
      onSuccess: async () => {
        await onRemoved(post.id)
        announce(`“${post.title}” removed from your reading list`)
      },
    })
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
      <h2 className="font-serif text-xl leading-snug font-semibold text-stone-900">
        <Link to={postPath(post.author.id, post.slug)} className="underline-offset-4 hover:underline">
          {post.title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-stone-600">{post.author.name}</p>
      {post.excerpt && <p className="mt-2 line-clamp-2 text-stone-700">{post.excerpt}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-500">
        <span>
          Saved <time dateTime={item.savedAt}>{formatDate(item.savedAt)}</time>
        </span>
        {offline(item)}
        <button
          type="button"
          disabled={remove.isPending}
          aria-label={`Remove “${post.title}” from your reading list`}
          onClick={removeIt}
          className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          <Trash2 className="size-4" aria-hidden /> Remove
        </button>
      </div>
    </li>
  )
}

/** The reader's saved posts, newest first, a page at a time; each says whether it is on this device. */
export function ReadingList({ offline, onRemoved }: ReadingListProps) {
  const list = useInfiniteQuery(readingListQueries.list())
  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  if (list.isPending) return <ScreenSpinner label="Loading your reading list…" />
  if (list.isError && !list.data)
    return <QueryError what="your reading list" error={list.error} onRetry={() => void list.refetch()} />
  if (items.length === 0)
    return (
      <EmptyState icon={<Bookmark className="size-8" aria-hidden />} title="Nothing saved yet">
        On a post’s page, press <strong>Save for later</strong>. The post waits for you here, and this device
        keeps it so you can read it without a network, on the train or in the air.
      </EmptyState>
    )
  return (
    <div>
      <ul className="space-y-3">
        {items.map((item) => (
          <SavedPost key={item.post.id} item={item} offline={offline} onRemoved={onRemoved} />
        ))}
      </ul>
      <LoadMore pages={list} label="Show more" />
    </div>
  )
}
