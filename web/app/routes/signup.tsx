import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { safeRedirect } from '#web/app/guards.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { useSignInOptions } from '#web/features/auth/api/sign-in-options.ts'
import { AuthCard, authLinkClass, OrDivider } from '#web/features/auth/components/auth-card.tsx'
import { ProviderButtons } from '#web/features/auth/components/provider-buttons.tsx'
import { SignUpForm } from '#web/features/auth/components/sign-up-form.tsx'
import { useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { providerErrorMessage } from '#web/lib/provider-errors.ts'
import { useSession } from '#web/lib/session.ts'

export default function SignUp() {
  useDocumentTitle('Create your account')
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('redirectTo')
  const { loggedIn } = useSession()
  const finishSignIn = useFinishSignIn()
  const [signingUp, setSigningUp] = useState(false)
  const providers = useSignInOptions().data?.providers ?? []
  // A provider's sign-up that failed comes back with ?provider=ID&error=CODE.
  const error = searchParams.get('error')
  const providerId = searchParams.get('provider')
  const providerError = error
    ? providerErrorMessage(error, providers.find((p) => p.id === providerId)?.name ?? providerId)
    : null

  if (loggedIn && !signingUp) return <Navigate to="/dashboard" replace />

  const onSignedUp = async () => {
    setSigningUp(true)
    // A new account always sets up its profile first; the dashboard follows from there.
    await finishSignIn('/welcome')
  }

  // Someone who came from a signed-in screen and already has an account goes back there after signing in.
  const signInHref = requested ? `/login?redirectTo=${encodeURIComponent(safeRedirect(requested))}` : '/login'

  return (
    <AuthCard
      title="Create your account"
      description="Read lessons and stories, take exams, and publish your own writing. It takes a minute."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={signInHref} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      {providerError && (
        <div className="mb-5">
          <Alert>{providerError}</Alert>
        </div>
      )}
      {providers.length > 0 && (
        <>
          {/* Someone who already has an account this way is simply signed in. */}
          <ProviderButtons providers={providers} callbackURL="/dashboard" errorPath="/signup" />
          <OrDivider />
        </>
      )}
      <SignUpForm onSignedUp={onSignedUp} />
    </AuthCard>
  )
}
