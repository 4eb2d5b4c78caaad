import { formatDateTime } from '#web/lib/format.ts'
import { relativeTime } from '#web/lib/relative-time.ts'

/**
 * Every date shown on posts, comments and forums reads the same way: relative while recent
 * ("2 hours ago", "yesterday"), the day after a week; the exact date and time on hover.
 */
export function TimeAgo({ iso, now, className = '' }: { iso: string; now?: number; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {relativeTime(iso, now)}
    </time>
  )
}
