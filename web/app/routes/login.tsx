import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { safeRedirect } from '#web/app/guards.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { useSignInOptions } from '#web/features/auth/api/sign-in-options.ts'
import { magicLinkErrorMessage } from '#web/features/auth/auth-errors.ts'
import { AuthCard, authLinkClass, OrDivider } from '#web/features/auth/components/auth-card.tsx'
import { MagicLinkForm } from '#web/features/auth/components/magic-link-form.tsx'
import { PasskeySignIn, usePasskeySupport } from '#web/features/auth/components/passkey-sign-in.tsx'
import { PasswordSignInForm } from '#web/features/auth/components/password-sign-in-form.tsx'
import { ProviderButtons } from '#web/features/auth/components/provider-buttons.tsx'
import { useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { providerErrorMessage } from '#web/lib/provider-errors.ts'
import { useSession } from '#web/lib/session.ts'

const withRedirect = (path: string, redirectTo: string | null) =>
  redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path

export default function Login() {
  useDocumentTitle('Sign in')
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('redirectTo')
  const target = safeRedirect(requested)
  const keptRedirect = requested ? target : null
  const options = useSignInOptions()
  const providers = options.data?.providers ?? []
  // A provider's sign-in that failed comes back with ?provider=ID&error=CODE; an e-mail link that
  // failed (expired, used, unknown account) with ?error=CODE alone.
  const error = searchParams.get('error')
  const providerId = searchParams.get('provider')
  const providerError = error
    ? providerErrorMessage(error, providers.find((p) => p.id === providerId)?.name ?? providerId)
    : null
  const linkError = providerError ? null : error
  const passkeys = usePasskeySupport()
  const { loggedIn } = useSession()
  const finishSignIn = useFinishSignIn()
  const [signingIn, setSigningIn] = useState(false)
  const [method, setMethod] = useState<'password' | 'link'>(linkError ? 'link' : 'password')
  // Typed once, kept when switching between the password and the e-mail link.
  const [email, setEmail] = useState('')

  if (loggedIn && !signingIn) return <Navigate to={target} replace />

  const onSignedIn = async () => {
    setSigningIn(true)
    await finishSignIn(target)
  }

  return (
    <AuthCard
      title="Sign in to Inkwell"
      description="Welcome back. Pick up your reading, lessons and drafts where you left them."
      footer={
        <p>
          New to Inkwell?{' '}
          <Link to={withRedirect('/signup', keptRedirect)} className={authLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
      {providerError && (
        <div className="mb-5">
          <Alert>{providerError}</Alert>
        </div>
      )}
      {(passkeys || providers.length > 0) && (
        <>
          <div className="space-y-3">
            {passkeys && <PasskeySignIn onSignedIn={onSignedIn} />}
            <ProviderButtons
              providers={providers}
              callbackURL={target}
              errorPath={withRedirect('/login', keptRedirect)}
            />
          </div>
          <OrDivider />
        </>
      )}
      <Tabs
        look="segmented"
        label="Sign-in method"
        selected={method}
        onSelect={setMethod}
        tabs={[
          {
            key: 'password',
            label: 'Password',
            panel: (
              <PasswordSignInForm defaultEmail={email} onEmailChange={setEmail} onSignedIn={onSignedIn} />
            ),
          },
          {
            key: 'link',
            label: 'E-mail link',
            panel: (
              <MagicLinkForm
                callbackURL={target}
                errorCallbackURL={withRedirect('/login', keptRedirect)}
                defaultEmail={email}
                onEmailChange={setEmail}
                notice={linkError ? magicLinkErrorMessage(linkError) : undefined}
              />
            ),
          },
        ]}
      />
    </AuthCard>
  )
}
