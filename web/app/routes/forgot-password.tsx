import { KeyRound, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { RESET_LINK_EXPIRES_MINUTES } from '#common/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import { AuthCard, BackToSignIn } from '#web/features/auth/components/auth-card.tsx'
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx'
import { formatLifetime } from '#web/features/auth/link-expiry.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'

export default function ForgotPassword() {
  useDocumentTitle('Reset your password')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [lastEmail, setLastEmail] = useState('')

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox" icon={<MailCheck />} footer={<BackToSignIn />}>
        <div role="status" aria-live="polite" className="space-y-4 text-[15px] leading-6 text-stone-700">
          <p>
            If an Inkwell account uses{' '}
            <strong className="font-medium wrap-anywhere text-stone-900">{sentTo}</strong>, we have sent it a
            link to choose a new password. The link works for {formatLifetime(RESET_LINK_EXPIRES_MINUTES)}.
          </p>
          <p className="text-sm text-stone-500">
            Nothing after a few minutes? Check your spam folder, or make sure you typed the e-mail you signed
            up with.
          </p>
        </div>
        <Button variant="secondary" className="mt-6 w-full" onClick={() => setSentTo(null)}>
          Try a different e-mail
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Reset your password"
      icon={<KeyRound />}
      description="Enter the e-mail you use for Inkwell and we will send you a link to choose a new password."
      footer={<BackToSignIn />}
    >
      <ForgotPasswordForm
        defaultEmail={lastEmail}
        onSent={(email) => {
          setLastEmail(email)
          setSentTo(email)
        }}
      />
    </AuthCard>
  )
}
