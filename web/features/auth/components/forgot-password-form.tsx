import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmailOnlyInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField } from '#web/components/ui/field.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'

/**
 * Asks Better Auth to e-mail a reset link. It answers the same whether or not the account exists,
 * so the screen never reveals who has an account.
 */
export function ForgotPasswordForm({
  defaultEmail = '',
  onSent,
}: {
  defaultEmail?: string
  onSent: (email: string) => void
}) {
  const [error, setError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(EmailOnlyInput), defaultValues: { email: defaultEmail } })

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null)
    const result = await callAuth(() =>
      authClient.requestPasswordReset({ email, redirectTo: '/reset-password' }),
    )
    if (result.error) {
      setError(describeAuthError(result.error))
      return
    }
    onSent(email)
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert>{error}</Alert>}
      <EmailField error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  )
}
