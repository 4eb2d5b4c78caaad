import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'

interface ConfirmDialogProps {
  title: string
  description: string
  confirmLabel: string
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

/** "Delete this reply?": a destructive action asked once more, with Cancel first. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const close = () => {
    if (!busy) onClose()
  }
  return (
    <Dialog title={title} description={description} onClose={close}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
