import { BadgeCheck, CircleExclamationPoint } from 'lucide-react'
import type { Me } from '#common/schemas/profile.ts'
import { PageHeader } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { AvatarUpload } from '#web/features/account/components/avatar-upload.tsx'
import { ChangeEmailForm } from '#web/features/account/components/change-email-form.tsx'
import { ChangePasswordForm } from '#web/features/account/components/change-password-form.tsx'
import { DeleteAccount } from '#web/features/account/components/delete-account-dialog.tsx'
import { MonthlyPriceForm } from '#web/features/account/components/monthly-price-form.tsx'
import { ProfileForm } from '#web/features/account/components/profile-form.tsx'
import { SettingsSection } from '#web/features/account/components/settings-section.tsx'
import { SignInMethodsSection } from '#web/features/account/components/sign-in-methods-section.tsx'
import { SignOutEverywhere } from '#web/features/account/components/sign-out-everywhere.tsx'
import { NewsletterSettings } from '#web/features/newsletters/components/newsletter-settings.tsx'
import { RetentionSetting } from '#web/features/practice/components/retention-setting.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

const SECTIONS = [
  { id: 'profile', title: 'Profile' },
  { id: 'subscription-price', title: 'Subscriptions' },
  { id: 'email', title: 'E-mail' },
  { id: 'practice', title: 'Practice' },
  { id: 'account', title: 'Account' },
  { id: 'password', title: 'Password' },
  { id: 'sign-in-methods', title: 'Sign-in methods' },
  { id: 'delete-account', title: 'Delete account' },
]

function EmailStatus({ me }: { me: Me }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm font-medium text-stone-800">Your e-mail</span>
      <span className="text-[15px] break-all text-stone-900">{me.email}</span>
      {me.emailVerified ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
          <BadgeCheck className="size-3.5" aria-hidden /> Verified
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent-400/15 px-2 py-0.5 text-xs font-medium text-stone-800 ring-1 ring-accent-400/50">
          <CircleExclamationPoint className="size-3.5" aria-hidden /> Not verified
        </span>
      )}
    </div>
  )
}

export default function Settings() {
  useDocumentTitle('Settings')
  const me = useMe()

  if (me.isPending) return <ScreenSpinner label="Loading your settings…" />
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Your profile, how you sign in, and your account." />
      {me.isError ? (
        <QueryError what="your settings" error={me.error} onRetry={() => me.refetch()} />
      ) : (
        <>
          <nav aria-label="Settings sections" className="-mt-4 mb-8 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className="text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline"
              >
                {section.title}
              </a>
            ))}
          </nav>
          <div className="space-y-8">
            <SettingsSection id="profile" title="Profile" description="How you appear to readers on Inkwell.">
              <div className="space-y-8">
                <AvatarUpload name={me.data.name} image={me.data.image} />
                <ProfileForm me={me.data} />
              </div>
            </SettingsSection>
            <SettingsSection
              id="subscription-price"
              title="Subscriptions"
              description="What readers pay each month to read your subscribers-only posts."
            >
              <MonthlyPriceForm />
            </SettingsSection>
            <SettingsSection
              id="email"
              title="E-mail"
              description="Which writers' new posts come to your inbox. Every newsletter also has a one-click unsubscribe link."
            >
              <NewsletterSettings email={me.data.email} />
            </SettingsSection>
            <SettingsSection
              id="practice"
              title="Practice"
              description="Questions you miss in exams come back as practice cards, scheduled by how well you know them."
            >
              <RetentionSetting />
            </SettingsSection>
            <SettingsSection
              id="account"
              title="Account"
              description="The address you sign in with, and your sessions."
            >
              <div className="space-y-6">
                <EmailStatus me={me.data} />
                <ChangeEmailForm me={me.data} />
                <hr className="border-stone-100" />
                <SignOutEverywhere />
              </div>
            </SettingsSection>
            <SettingsSection
              id="password"
              title="Password"
              description="Choose a strong password you don't use elsewhere."
            >
              <ChangePasswordForm email={me.data.email} />
            </SettingsSection>
            <SignInMethodsSection email={me.data.email} />
            <SettingsSection id="delete-account" title="Delete account" description="Leave Inkwell for good.">
              <DeleteAccount />
            </SettingsSection>
          </div>
        </>
      )}
    </div>
  )
}
