import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SuspendInput } from '#common/schemas/admin.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea } from '#web/components/ui/field.tsx'

const ReasonForm = SuspendInput.pick({ reason: true })
type ReasonForm = z.input<typeof ReasonForm>

interface SuspendDialogProps {
  name: string
  busy?: boolean
  /** Called with the trimmed reason, or undefined when none was given. */
  onConfirm: (reason: string | undefined) => void
  onClose: () => void
}

/** Asks for an optional reason before suspending someone. */
export function SuspendDialog({ name, busy = false, onConfirm, onClose }: SuspendDialogProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ReasonForm, unknown, z.output<typeof ReasonForm>>({
    resolver: zodResolver(ReasonForm),
    defaultValues: { reason: '' },
  })
  const length = watch('reason')?.length ?? 0

  return (
    <Dialog
      title={`Suspend ${name}?`}
      description="They are signed out everywhere at once and cannot sign in until an admin restores the account. Their posts, books and exams leave every list and search until then; links to them keep working, and buyers keep their books."
      onClose={() => {
        if (!busy) onClose()
      }}
    >
      <form
        className="mt-5 space-y-5"
        noValidate
        onSubmit={handleSubmit(({ reason }) => onConfirm(reason ? reason : undefined))}
      >
        <TextArea
          label="Reason (optional)"
          rows={3}
          placeholder="For example: repeated spam in the forums"
          hint={`Other admins see this next to the account. ${length}/300`}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            Suspend account
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
