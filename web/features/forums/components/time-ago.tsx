import { relativeTime } from '#web/features/notifications/relative-time.ts'
import { formatDateTime } from '#web/lib/format.ts'

/** "2 hours ago", with the exact date and time on hover and for assistive technology. */
export function TimeAgo({ iso, className = '' }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {relativeTime(iso)}
    </time>
  )
}
