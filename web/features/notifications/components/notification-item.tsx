import { ChevronRight } from 'lucide-react'
import { useNavigate } from 'react-router'
import type { Notification } from '#common/schemas/notifications.ts'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { relativeTime } from '#web/lib/relative-time.ts'
import { useMarkNotificationRead } from '../api/mark-read.ts'

interface NotificationItemProps {
  notification: Notification
  /** The current time, from the list's ticking clock. */
  now: number
  /** Called after a click, before navigating (the dropdown closes itself). */
  onOpen?: () => void
  density?: 'compact' | 'comfortable'
}

/** One notification: a click marks it read and opens its link. Unread ones have a dot and bold text. */
export function NotificationItem({ notification, now, onOpen, density = 'compact' }: NotificationItemProps) {
  const markRead = useMarkNotificationRead()
  const navigate = useNavigate()
  const { isRead, message, link, timestamp } = notification

  const open = () => {
    if (!isRead) markRead.mutate(notification.id)
    onOpen?.()
    if (link) navigate(link)
  }

  const when = relativeTime(timestamp, now)
  const padding = density === 'compact' ? 'px-4 py-3' : 'px-5 py-4'
  return (
    <li>
      <button
        type="button"
        onClick={open}
        // Said as one sentence; the visible parts would run together ("Unread:Message5 min ago").
        aria-label={`${isRead ? '' : 'Unread: '}${message}, ${when}`}
        className={`group flex w-full items-start gap-3 text-left transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 ${padding} ${isRead ? '' : 'bg-ink-50/40'}`}
      >
        <span
          aria-hidden="true"
          className={`mt-2 size-2 shrink-0 rounded-full ${isRead ? 'bg-transparent' : 'bg-ink-600'}`}
        />
        <span className="min-w-0 flex-1">
          <span
            className={`block break-words text-sm leading-snug ${isRead ? 'text-stone-700' : 'font-semibold text-stone-900'}`}
          >
            {message}
          </span>{' '}
          {/* The space keeps the visible text a part of the name (WCAG 2.5.3), not "message2 hours ago". */}
          <TimeAgo iso={timestamp} now={now} className="mt-1 block text-xs text-stone-500" />
        </span>
        {link && (
          <ChevronRight
            aria-hidden
            className="mt-1 size-4 shrink-0 text-stone-300 transition-colors group-hover:text-stone-500"
          />
        )}
      </button>
    </li>
  )
}
