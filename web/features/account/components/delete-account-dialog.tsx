import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { TriangleExclamationPoint } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'
import { DeleteAccountInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { PasswordField, TextField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { ACCOUNT_HELD, useDeleteAccount } from '../api/delete-account.ts'

// The shared schema wants the literal DELETE; the field holds whatever was typed until then.
const DeleteAccountForm = DeleteAccountInput.extend({
  confirm: z.string().pipe(DeleteAccountInput.shape.confirm),
})
type DeleteAccountFormInput = z.input<typeof DeleteAccountForm>

/**
 * The last step of deleting an account: the password and the word DELETE. The button stays
 * disabled until both are there. On success the cache is cleared and the person lands on /.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useDeleteAccount()
  const [formError, setFormError] = useState<string | null>(null)
  /** Why the server keeps the account open (readers own its books, or pay for a month). */
  const [heldBy, setHeldBy] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountFormInput, unknown, DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountForm),
    defaultValues: { password: '', confirm: '' },
  })
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm'] })
  const ready = password.length > 0 && confirm === 'DELETE'

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null)
    remove.mutate(
      { password },
      {
        onSuccess: async () => {
          await navigate('/', { replace: true })
          queryClient.clear()
          toast.success('Your account has been deleted. Thank you for being part of Inkwell.')
        },
        onError: (error) => {
          const held = error instanceof ApiError ? error.fields?.[ACCOUNT_HELD] : undefined
          setHeldBy(held ?? null)
          setFormError(
            held ? null : applyServerErrors(error, setError, sameNames<DeleteAccountFormInput>(['password'])),
          )
        },
      },
    )
  })

  const close = () => {
    if (!remove.isPending) onClose()
  }

  return (
    <Dialog
      title="Delete your account?"
      description="This cannot be undone. Your profile, photo and sign-in details are removed at once, and you are signed out everywhere."
      icon={
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleExclamationPoint className="size-5" aria-hidden />
        </div>
      }
      onClose={close}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        {formError && <Alert>{formError}</Alert>}
        {heldBy && (
          <Alert>
            <p>{heldBy}</p>
            <p className="mt-2">
              <Link to="/contact" className="font-medium underline underline-offset-2 hover:text-red-950">
                Write to us
              </Link>
            </p>
          </Alert>
        )}
        <PasswordField
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Type DELETE to confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} busy={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Settings → Delete account: what goes, and the button that opens the confirmation. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false)
  return (
    <div className="rounded-xl border border-red-200 bg-red-50/50 p-5">
      <p className="text-[15px] text-stone-700">Deleting your account permanently removes:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-[15px] text-stone-700">
        <li>your profile: name, bio, photo, links and interests;</li>
        <li>your sign-in details and every session, on every device;</li>
        <li>everything else tied to your account.</li>
      </ul>
      <p className="mt-3 text-sm text-stone-600">
        There is no undo, and we cannot restore a deleted account.
      </p>
      <Button variant="danger" className="mt-5" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </div>
  )
}
