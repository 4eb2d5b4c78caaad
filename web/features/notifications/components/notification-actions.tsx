import { CheckCheck, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { announce } from '#web/lib/announce.ts'
import { useClearNotifications } from '../api/clear-all.ts'
import { useMarkAllNotificationsRead } from '../api/mark-read.ts'

interface NotificationActionsProps {
  unreadCount: number
  /** Whether there is anything to clear. */
  hasItems: boolean
  /** The confirmation opens or closes (the dropdown stays open meanwhile). */
  onConfirmChange?: (open: boolean) => void
}

/** "Mark all as read" and "Clear all" (after a confirmation: it cannot be undone). */
export function NotificationActions({ unreadCount, hasItems, onConfirmChange }: NotificationActionsProps) {
  const markAll = useMarkAllNotificationsRead()
  const clear = useClearNotifications()
  const [confirming, setConfirming] = useState(false)
  const clearAll = useRef<HTMLButtonElement>(null)
  // The button is disabled under the focus once all is read: focus stays in the list's actions.
  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => {
        clearAll.current?.focus()
        announce('All caught up')
      },
    })

  const setConfirm = (open: boolean) => {
    setConfirming(open)
    onConfirmChange?.(open)
  }
  const confirmClear = () =>
    clear.mutate(undefined, {
      onSettled: () => setConfirm(false),
    })

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        disabled={unreadCount === 0}
        busy={markAll.isPending}
        onClick={markAllRead}
      >
        <CheckCheck className="size-4" aria-hidden />
        Mark all as read
      </Button>
      <Button ref={clearAll} variant="ghost" size="sm" disabled={!hasItems} onClick={() => setConfirm(true)}>
        <Trash2 className="size-4" aria-hidden />
        Clear all
      </Button>
      {confirming && (
        <Dialog
          title="Clear all notifications?"
          description="Every notification, read or unread, will be deleted. This cannot be undone."
          onClose={() => !clear.isPending && setConfirm(false)}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirm(false)} disabled={clear.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmClear} busy={clear.isPending}>
              Clear notifications
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  )
}
