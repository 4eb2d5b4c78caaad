import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { MAGIC_LINK_EXPIRES_MINUTES } from '#common/constants.ts'
import { EmailOnlyInput } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { EmailField } from '#web/components/ui/field.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { describeAuthError } from '#web/lib/auth-errors.ts'
import { callAuth } from '../auth-errors.ts'
import { formatLifetime } from '../link-expiry.ts'
import { authLinkClass } from './auth-card.tsx'

interface MagicLinkFormProps {
  /** Where the link lands once it signed the person in. */
  callbackURL: string
  /** Where a link that no longer works lands (Better Auth adds ?error=CODE). */
  errorCallbackURL: string
  defaultEmail?: string
  onEmailChange?: (email: string) => void
  /** Shown above the form: why the person is here again (an expired link). */
  notice?: string
}

/** Sign in without a password: Better Auth e-mails a one-time link that works for a few minutes. */
export function MagicLinkForm({
  callbackURL,
  errorCallbackURL,
  defaultEmail = '',
  onEmailChange,
  notice,
}: MagicLinkFormProps) {
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(EmailOnlyInput), defaultValues: { email: defaultEmail } })

  // Back from "Check your inbox" to the form: the e-mail field takes focus, ready to correct.
  const wasSent = useRef(false)
  useEffect(() => {
    if (sentTo) wasSent.current = true
    else if (wasSent.current) setFocus('email')
  }, [sentTo, setFocus])

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null)
    const result = await callAuth(() => authClient.signIn.magicLink({ email, callbackURL, errorCallbackURL }))
    if (result.error) {
      setError(describeAuthError(result.error))
      return
    }
    setSentTo(email)
  })

  if (sentTo) return <LinkSent email={sentTo} onRetry={() => setSentTo(null)} />

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error ? <Alert>{error}</Alert> : notice ? <Alert>{notice}</Alert> : null}
      <p className="text-[15px] leading-6 text-stone-600">
        We will e-mail you a link that signs you in, no password needed. It works for{' '}
        {formatLifetime(MAGIC_LINK_EXPIRES_MINUTES)}.
      </p>
      <EmailField
        error={errors.email?.message}
        {...register('email', { onChange: (event) => onEmailChange?.(event.target.value) })}
      />
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : 'Send me a sign-in link'}
      </Button>
    </form>
  )
}

function LinkSent({ email, onRetry }: { email: string; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form this replaces held focus; the confirmation takes it so it is read out.
  useEffect(() => heading.current?.focus(), [])
  return (
    <div role="status" aria-live="polite" className="py-2 text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <MailCheck className="size-6" aria-hidden />
      </div>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Check your inbox
      </h2>
      <p className="mt-3 text-[15px] leading-6 text-stone-600">
        We sent a sign-in link to{' '}
        <strong className="font-medium wrap-anywhere text-stone-900">{email}</strong>. It works for the next{' '}
        {formatLifetime(MAGIC_LINK_EXPIRES_MINUTES)}.
      </p>
      <p className="mt-4 text-sm text-stone-500">
        Nothing there? Check your spam folder, or{' '}
        <button type="button" className={authLinkClass} onClick={onRetry}>
          use a different e-mail
        </button>
        .
      </p>
    </div>
  )
}
