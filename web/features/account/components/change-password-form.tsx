import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { PASSWORD_MIN_LENGTH } from '#common/constants.ts'
import { ChangePasswordInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { PasswordField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useChangePassword } from '../api/change-password.ts'

/** Password: the current one and a new one; other devices are signed out, this one stays in. */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  })

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    change.mutate(values, {
      onSuccess: () => {
        reset()
        toast.success('Your password is changed. Other devices have been signed out.')
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            setError,
            sameNames<ChangePasswordInput>(['currentPassword', 'newPassword']),
          ),
        ),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert>{formError}</Alert>}
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out; you stay signed in here.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  )
}
