import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '#common/constants.ts'
import { SignUpInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField, PasswordField, TextField } from '#web/components/ui/field.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'
import { authLinkClass } from './auth-card.tsx'

/** Name, e-mail and password; Better Auth creates the account and signs the person in. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => Promise<void> | void }) {
  const [error, setError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignUpInput), defaultValues: { name: '', email: '', password: '' } })

  const onSubmit = handleSubmit(async (values) => {
    setError(null)
    const result = await callAuth(() => authClient.signUp.email(values))
    if (result.error) {
      setError(describeAuthError(result.error))
      return
    }
    await onSignedUp()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert>{error}</Alert>}
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className="text-center text-xs leading-5 text-stone-500">
        By creating an account you agree to our{' '}
        <Link to="/terms" className={authLinkClass}>
          Terms
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className={authLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  )
}
