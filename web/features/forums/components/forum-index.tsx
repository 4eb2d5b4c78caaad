import { MessagesSquare } from 'lucide-react'
import { Link } from 'react-router'
import { forumPath } from '#common/paths.ts'
import type { ForumSummary } from '#common/schemas/forums.ts'
import { EmptyState } from '#web/components/ui/card.tsx'
import { countOf } from '#web/lib/format.ts'
import { LastActivity } from './last-activity.tsx'

/** Every subject's forum: what it is about, how busy it is and what happened last. */
export function ForumIndex({ forums }: { forums: ForumSummary[] }) {
  if (forums.length === 0)
    return (
      <EmptyState icon={<MessagesSquare className="size-8" aria-hidden />} title="No forums yet">
        <p>Each subject gets its forum. Once an administrator adds subjects, their forums appear here.</p>
      </EmptyState>
    )
  return (
    <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      {forums.map((forum) => (
        <li
          key={forum.subject.slug}
          className="grid gap-3 px-5 py-5 sm:grid-cols-[minmax(0,1fr)_9rem_minmax(0,16rem)] sm:items-center sm:gap-6"
        >
          <div className="min-w-0">
            <h2 className="text-lg font-semibold">
              <Link
                to={forumPath(forum.subject.slug)}
                className="text-stone-900 hover:text-ink-700 hover:underline"
              >
                {forum.subject.name}
              </Link>
            </h2>
            {forum.subject.description && (
              <p className="mt-1 text-sm text-stone-600">{forum.subject.description}</p>
            )}
          </div>
          <p className="flex gap-3 text-sm text-stone-600 sm:flex-col sm:gap-0.5 sm:text-right">
            <span>{countOf(forum.threadCount, 'thread')}</span>
            <span>{countOf(forum.replyCount, 'reply', 'replies')}</span>
          </p>
          <LastActivity slug={forum.subject.slug} activity={forum.lastActivity} />
        </li>
      ))}
    </ul>
  )
}
