import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { REJECTION_REASON_MAX_LENGTH, RejectInput } from '#common/schemas/posts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea } from '#web/components/ui/field.tsx'

interface RejectDialogProps {
  title: string
  /** What happens next for the author (posts by default). */
  description?: string
  placeholder?: string
  busy?: boolean
  /** Called with the trimmed reason. */
  onConfirm: (reason: string) => void
  onClose: () => void
}

/** Asks the reviewer why, before a post or an exam goes back to its author. */
export function RejectDialog({
  title,
  description = 'The author sees your reason next to the post and can edit it and submit it again.',
  placeholder = 'For example: the second section needs sources for its figures',
  busy = false,
  onConfirm,
  onClose,
}: RejectDialogProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof RejectInput>, unknown, RejectInput>({
    resolver: zodResolver(RejectInput),
    defaultValues: { reason: '' },
  })
  const length = watch('reason')?.length ?? 0

  return (
    <Dialog
      title={`Send “${title}” back?`}
      description={description}
      onClose={() => {
        if (!busy) onClose()
      }}
    >
      <form className="mt-5 space-y-5" noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}>
        <TextArea
          label="What should change?"
          rows={4}
          placeholder={placeholder}
          hint={`${length}/${REJECTION_REASON_MAX_LENGTH}`}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            Send back
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
