import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { safeRedirect } from '#web/app/guards.tsx'
import { Tabs } from '#web/components/ui/tabs.tsx'
import { magicLinkErrorMessage } from '#web/features/auth/auth-errors.ts'
import { AuthCard, authLinkClass } from '#web/features/auth/components/auth-card.tsx'
import { MagicLinkForm } from '#web/features/auth/components/magic-link-form.tsx'
import { PasswordSignInForm } from '#web/features/auth/components/password-sign-in-form.tsx'
import { useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useSession } from '#web/lib/session.ts'

const withRedirect = (path: string, redirectTo: string | null) =>
  redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path

export default function Login() {
  useDocumentTitle('Sign in')
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('redirectTo')
  const target = safeRedirect(requested)
  const keptRedirect = requested ? target : null
  // An e-mail link that failed (expired, used, unknown account) comes back here with ?error=CODE.
  const linkError = searchParams.get('error')
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
