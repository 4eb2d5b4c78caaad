import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ChangeEmailInput } from '#common/schemas/auth.ts'
import type { Me } from '#common/schemas/profile.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useChangeEmail } from '../api/change-email.ts'

type ChangeEmailFormInput = { newEmail: string }

/** What happens after asking, which depends on whether the current address is verified. */
function nextSteps(me: Me, newEmail: string) {
  return me.emailVerified
    ? `We sent a confirmation link to ${me.email}. Open it to approve the change; then we'll send a link to ${newEmail} to verify it. Until then you keep signing in with ${me.email}.`
    : `If ${newEmail} isn't already used by another account, it is now your sign-in address, and we sent it a link to verify it.`
}

/** Account → change e-mail (Better Auth's change-email, back to /settings after the link). */
export function ChangeEmailForm({ me }: { me: Me }) {
  const change = useChangeEmail()
  const [done, setDone] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailFormInput, unknown, ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailInput),
    defaultValues: { newEmail: '' },
  })

  const onSubmit = handleSubmit((values) => {
    setDone(null)
    setFormError(null)
    change.mutate(values, {
      onSuccess: () => {
        setDone(nextSteps(me, values.newEmail))
        toast.success(
          me.emailVerified ? 'Check your inbox to approve the change.' : 'Your e-mail change is on its way.',
        )
        reset()
      },
      onError: (error) =>
        setFormError(applyServerErrors(error, setError, sameNames<ChangeEmailFormInput>(['newEmail']))),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <EmailField
        label="New e-mail"
        error={errors.newEmail?.message}
        hint={
          me.emailVerified
            ? `For your security, we first ask you to approve the change from ${me.email}.`
            : 'Your address is not verified yet, so it changes right away; we then send a link to verify the new one.'
        }
        {...register('newEmail')}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" busy={change.isPending}>
          Change e-mail
        </Button>
      </div>
    </form>
  )
}
