import { Link } from 'react-router'
import { threadPath } from '#common/paths.ts'
import type { ForumActivity } from '#common/schemas/forums.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'

/** "Grace posted 2 hours ago in “Title”", or "No threads yet". */
export function LastActivity({ slug, activity }: { slug: string; activity: ForumActivity | null }) {
  if (!activity) return <p className="text-sm text-stone-500">No threads yet</p>
  return (
    <p className="min-w-0 text-sm text-stone-600">
      <span className="font-medium text-stone-800">{activity.by.name}</span> posted{' '}
      <TimeAgo iso={activity.at} /> in{' '}
      <Link
        to={threadPath(slug, activity.threadId)}
        className="break-words font-medium text-ink-700 hover:text-ink-900 hover:underline"
      >
        “{activity.threadTitle}”
      </Link>
    </p>
  )
}
