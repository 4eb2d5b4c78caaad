import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { SignInInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField, PasswordField } from '#web/components/ui/field.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'
import { authLinkClass } from './auth-card.tsx'

interface PasswordSignInFormProps {
  defaultEmail?: string
  /** Told about every change to the e-mail, so the other sign-in method can start with it. */
  onEmailChange?: (email: string) => void
  /** Called once Better Auth accepted the e-mail and password. */
  onSignedIn: () => Promise<void> | void
}

export function PasswordSignInForm({
  defaultEmail = '',
  onEmailChange,
  onSignedIn,
}: PasswordSignInFormProps) {
  const [error, setError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignInInput), defaultValues: { email: defaultEmail, password: '' } })

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null)
    const result = await callAuth(() => authClient.signIn.email({ email, password }))
    if (result.error) {
      setError(describeAuthError(result.error))
      return
    }
    await onSignedIn()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert>{error}</Alert>}
      <EmailField
        // "webauthn": where the browser offers it, this field's autofill lists the passkeys too.
        autoComplete="username webauthn"
        error={errors.email?.message}
        {...register('email', { onChange: (event) => onEmailChange?.(event.target.value) })}
      />
      <div className="space-y-2">
        <PasswordField
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
