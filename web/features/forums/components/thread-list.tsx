import { MessageSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { threadPath } from '#common/paths.ts'
import type { ThreadSummary } from '#common/schemas/forums.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { countOf } from '#web/lib/format.ts'
import { ReadMarker, ThreadBadges } from './thread-badges.tsx'

interface ThreadListProps {
  threads: ThreadSummary[]
  /** Shown instead of the list when there are no threads. */
  empty: ReactNode
  hasMore?: boolean
  loadingMore?: boolean
  onLoadMore?: () => void
}

/** A forum's threads, pinned first: state, title, who started it, replies and the latest activity. */
export function ThreadList({ threads, empty, hasMore, loadingMore, onLoadMore }: ThreadListProps) {
  if (threads.length === 0) return empty
  return (
    <div>
      <ul
        aria-label="Threads"
        className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
      >
        {threads.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} />
        ))}
      </ul>
      {onLoadMore && (
        <LoadMore
          label="Load more threads"
          pages={{ hasNextPage: !!hasMore, isFetchingNextPage: !!loadingMore, fetchNextPage: onLoadMore }}
        />
      )}
    </div>
  )
}

export function ThreadRow({ thread }: { thread: ThreadSummary }) {
  const unread = thread.readState === 'unseen' || thread.readState === 'unread'
  return (
    <li className={`flex gap-3 px-4 py-4 sm:px-5 ${thread.pinned ? 'bg-accent-400/5' : ''}`}>
      <Avatar name={thread.author.name} image={thread.author.image} size="sm" />
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={threadPath(thread.subjectSlug, thread.id)}
              className={`break-words text-[15px] hover:text-ink-700 hover:underline ${unread ? 'font-semibold text-stone-900' : 'font-medium text-stone-700'}`}
            >
              {thread.title}
            </Link>
            <ThreadBadges thread={thread} />
            <ReadMarker thread={thread} />
          </div>
          <p className="mt-1 text-sm text-stone-500">
            Started by <span className="text-stone-700">{thread.author.name}</span> ·{' '}
            <TimeAgo iso={thread.createdAt} />
          </p>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-500 sm:mt-0 sm:w-64 sm:shrink-0 sm:flex-col sm:items-end sm:gap-0.5">
          <span className="inline-flex items-center gap-1 text-stone-700">
            <MessageSquare className="size-4" aria-hidden />
            {countOf(thread.replyCount, 'reply', 'replies')}
          </span>
          <span>
            {thread.lastReplyBy ? `${thread.lastReplyBy.name} replied ` : 'Posted '}
            <TimeAgo iso={thread.lastActivityAt} className="whitespace-nowrap" />
          </span>
        </p>
      </div>
    </li>
  )
}
