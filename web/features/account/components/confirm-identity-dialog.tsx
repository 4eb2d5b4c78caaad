import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FRESH_SIGN_IN_MINUTES, MAGIC_LINK_EXPIRES_MINUTES } from '#common/constants.ts'
import { SignInInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { PasswordField } from '#web/components/ui/field.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useConfirmWithPassword } from '../api/sign-in-methods.ts'

const PasswordOnly = SignInInput.pick({ password: true })
type PasswordOnly = { password: string }

interface ConfirmIdentityDialogProps {
  email: string
  /** Without a password, the e-mail link is the one way to confirm. */
  hasPassword: boolean
  /** What the person was doing; it goes on once they confirmed. */
  doing: string
  onConfirmed: () => void
  onClose: () => void
}

/**
 * Adding a way to sign in needs a sign-in from the last few minutes (decision 050): the password
 * again, or an e-mail link that brings the person back to Settings signed in afresh.
 */
export function ConfirmIdentityDialog({
  email,
  hasPassword,
  doing,
  onConfirmed,
  onClose,
}: ConfirmIdentityDialogProps) {
  const confirm = useConfirmWithPassword()
  const [formError, setFormError] = useState<string | null>(null)
  const [link, setLink] = useState<'idle' | 'sending' | 'sent'>('idle')
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordOnly>({ resolver: zodResolver(PasswordOnly), defaultValues: { password: '' } })

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null)
    confirm.mutate(
      { email, password },
      {
        onSuccess: onConfirmed,
        onError: (error) =>
          setFormError(
            applyServerErrors(error, setError, sameNames<PasswordOnly>(['password'])) ??
              (error instanceof ApiError && !error.fields ? error.message : null),
          ),
      },
    )
  })

  const sendLink = async () => {
    setFormError(null)
    setLink('sending')
    try {
      const { error } = await authClient.signIn.magicLink({ email, callbackURL: '/settings#sign-in-methods' })
      if (error) throw error
      setLink('sent')
    } catch (error) {
      setFormError(describeAuthError(error as never))
      setLink('idle')
    }
  }

  const busy = confirm.isPending || link === 'sending'
  return (
    <Dialog
      title="Confirm it's you"
      description={`To ${doing}, sign in again: it has been more than ${FRESH_SIGN_IN_MINUTES} minutes since you last did.`}
      icon={
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-ink-50 text-ink-700">
          <ShieldCheck className="size-5" aria-hidden />
        </div>
      }
      onClose={() => !busy && onClose()}
    >
      <div className="mt-5 space-y-4">
        {formError && <Alert>{formError}</Alert>}
        {link === 'sent' ? (
          <div role="status" className="flex gap-3 rounded-lg bg-ink-50 p-4 text-sm text-ink-900">
            <MailCheck className="size-5 shrink-0" aria-hidden />
            <p>
              We sent a sign-in link to <strong className="font-medium wrap-anywhere">{email}</strong>. Open
              it within {MAGIC_LINK_EXPIRES_MINUTES} minutes: it brings you back here, ready to go on.
            </p>
          </div>
        ) : hasPassword ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
            <PasswordField
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
              <button
                type="button"
                className="text-sm font-medium text-ink-700 underline-offset-4 hover:underline disabled:opacity-60"
                onClick={() => void sendLink()}
                disabled={busy}
              >
                E-mail me a link instead
              </button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="secondary" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" busy={confirm.isPending} disabled={busy}>
                  Confirm
                </Button>
              </div>
            </div>
          </form>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void sendLink()} busy={link === 'sending'}>
              E-mail me a sign-in link
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  )
}
