import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { PASSKEY_NAME_MAX_LENGTH } from '#common/constants.ts'
import { RenamePasskeyInput } from '#common/schemas/sign-in-methods.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useRenamePasskey } from '../api/sign-in-methods.ts'

/** A passkey's name, so the person can tell "Work laptop" from "Phone" when removing one. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: { id: string; name: string }
  onClose: () => void
}) {
  const rename = useRenamePasskey()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RenamePasskeyInput>({
    resolver: zodResolver(RenamePasskeyInput),
    defaultValues: { name: passkey.name },
  })

  const onSubmit = handleSubmit(({ name }) => {
    setFormError(null)
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          toast.success('Passkey renamed.')
          onClose()
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(error, setError, sameNames<RenamePasskeyInput>(['name'])) ??
              (error instanceof ApiError && error.status === 429 ? error.message : null),
          ),
      },
    )
  })

  return (
    <Dialog
      title="Rename passkey"
      description="A name that says where it lives: a device, or a password manager."
      onClose={() => !rename.isPending && onClose()}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX_LENGTH + 20}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={rename.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** "Remove …?": what goes, and the one button that removes it. */
export function ConfirmRemovalDialog({
  title,
  description,
  busy,
  onRemove,
  onClose,
}: {
  title: string
  description: string
  busy: boolean
  onRemove: () => void
  onClose: () => void
}) {
  return (
    <Dialog title={title} description={description} onClose={() => !busy && onClose()}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onRemove} busy={busy}>
          Remove
        </Button>
      </div>
    </Dialog>
  )
}
