import { Bell, BellOff } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { NOTIFICATION_DROPDOWN_LIMIT } from '#common/constants.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useNow } from '#web/lib/relative-time.ts'
import { useLatestNotifications } from '../api/get-latest.ts'
import { useNotificationStream } from '../stream.ts'
import { NotificationActions } from './notification-actions.tsx'
import { NotificationItem } from './notification-item.tsx'

/** What the badge shows; the accessible name always says the real number. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'

function DropdownBody({
  onClose,
  onConfirmChange,
}: {
  onClose: () => void
  onConfirmChange: (open: boolean) => void
}) {
  const latest = useLatestNotifications()
  const now = useNow()
  const items = latest.data?.items.slice(0, NOTIFICATION_DROPDOWN_LIMIT) ?? []
  const unread = latest.data?.unreadCount ?? 0

  return (
    <>
      <div className="flex items-baseline justify-between gap-3 border-b border-stone-100 px-4 py-3">
        <h2 className="font-semibold text-stone-900">Notifications</h2>
        {unread > 0 && <p className="text-xs font-medium text-ink-700">{unread} unread</p>}
      </div>
      {latest.isPending ? (
        <div className="flex justify-center py-10 text-ink-700">
          <Spinner label="Loading notifications…" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <BellOff className="size-7 text-stone-300" aria-hidden />
          <p className="mt-3 font-serif text-stone-800">No notifications yet</p>
          <p className="mt-1 text-sm text-stone-500">News about your work and your readers lands here.</p>
        </div>
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} onOpen={onClose} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 bg-stone-50/60 px-2 py-2">
        <NotificationActions
          unreadCount={unread}
          hasItems={items.length > 0}
          onConfirmChange={onConfirmChange}
        />
        <Link
          to="/notifications"
          onClick={onClose}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-ink-700 hover:bg-ink-50"
        >
          See all
        </Link>
      </div>
    </>
  )
}

/**
 * The header's bell: the unread count as a badge, and a dropdown with the newest notifications.
 * It also holds the tab's one notification stream, so mount it once, only while signed in.
 */
export function NotificationBell() {
  useNotificationStream()
  const latest = useLatestNotifications()
  const [open, setOpen] = useState(false)
  const confirming = useRef(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const location = useLocation()
  const unread = latest.data?.unreadCount ?? 0

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the path changes
  useEffect(() => setOpen(false), [location.pathname])

  // Escape and a click elsewhere close it, except while the "Clear all" confirmation is up.
  useEffect(() => {
    if (!open) return
    const onPointer = (event: MouseEvent) => {
      if (!confirming.current && !root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || confirming.current) return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={`relative inline-flex size-10 items-center justify-center rounded-lg transition-colors hover:bg-stone-100 hover:text-stone-900 ${open ? 'bg-stone-100 text-stone-900' : 'text-stone-600'}`}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-accent-400 px-1 text-[11px] leading-none font-semibold text-stone-900 tabular-nums ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute top-full right-0 z-40 mt-2 flex w-96 flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg max-sm:fixed max-sm:inset-x-0 max-sm:top-16 max-sm:mt-0 max-sm:max-h-[calc(100dvh-4rem)] max-sm:w-auto max-sm:overflow-y-auto max-sm:rounded-none max-sm:border-x-0"
        >
          <DropdownBody
            onClose={() => setOpen(false)}
            onConfirmChange={(value) => {
              confirming.current = value
            }}
          />
        </section>
      )}
    </div>
  )
}
