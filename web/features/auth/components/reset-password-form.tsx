import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { PASSWORD_MIN_LENGTH } from '#common/constants.ts'
import { ResetPasswordInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { PasswordField } from '#web/components/ui/field.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth, isInvalidTokenError } from '../auth-errors.ts'

interface ResetPasswordFormProps {
  /** The token from the e-mailed link. */
  token: string
  onReset: () => Promise<void> | void
  /** Better Auth refused the token: unknown, already used or expired. */
  onInvalidToken: () => void
}

export function ResetPasswordForm({ token, onReset, onInvalidToken }: ResetPasswordFormProps) {
  const [error, setError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ResetPasswordInput), defaultValues: { password: '', confirm: '' } })

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null)
    const result = await callAuth(() => authClient.resetPassword({ newPassword: password, token }))
    if (isInvalidTokenError(result.error)) {
      onInvalidToken()
      return
    }
    if (result.error) {
      setError(describeAuthError(result.error))
      return
    }
    await onReset()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert>{error}</Alert>}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  )
}
