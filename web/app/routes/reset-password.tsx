import { LockKeyhole, Unlink } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { RESET_LINK_EXPIRES_MINUTES } from '#common/constants.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { AuthCard, BackToSignIn } from '#web/features/auth/components/auth-card.tsx'
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx'
import { formatLifetime } from '#web/features/auth/link-expiry.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

export default function ResetPassword() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  // Better Auth's own reset callback sends a refused link here with ?error=INVALID_TOKEN.
  const [refused, setRefused] = useState(false)
  const invalid = refused || !token || searchParams.has('error')
  const { refetch } = authClient.useSession()
  const navigate = useNavigate()
  useDocumentTitle(invalid ? 'Reset link not valid' : 'Choose a new password')

  if (invalid || !token) {
    return (
      <AuthCard
        title="This reset link is not valid"
        icon={<Unlink />}
        description={`Reset links work once and expire after ${formatLifetime(RESET_LINK_EXPIRES_MINUTES)}. This one is incomplete, already used or out of date.`}
        footer={<BackToSignIn />}
      >
        <p className="text-[15px] leading-6 text-stone-700">
          Request a new link and we will e-mail it to you right away. Use the newest e-mail if you asked more
          than once.
        </p>
        <ButtonLink to="/forgot-password" size="lg" className="mt-6 w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    )
  }

  const onReset = async () => {
    // Changing the password signs out every session, this browser's too: let the header know.
    await refetch()
    toast.success('Your password has been changed. Sign in with your new password.')
    navigate('/login', { replace: true })
  }

  return (
    <AuthCard
      title="Choose a new password"
      icon={<LockKeyhole />}
      description="Pick a password you do not use anywhere else. You will sign in with it from now on."
      footer={<BackToSignIn />}
    >
      <ResetPasswordForm token={token} onReset={onReset} onInvalidToken={() => setRefused(true)} />
    </AuthCard>
  )
}
