import { BellRing } from 'lucide-react'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Card, PageHeader } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { NotificationList } from '#web/features/notifications/components/notification-list.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useSession } from '#web/lib/session.ts'

function SignInPrompt() {
  return (
    <Card className="mx-auto max-w-lg text-center sm:p-10">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <BellRing className="size-6" aria-hidden />
      </div>
      <h2 className="mt-4 text-2xl font-semibold">Sign in to see your notifications</h2>
      <p className="mx-auto mt-2 max-w-sm text-stone-600">
        New subscribers, book sales, comments, replies and reviews of your work all arrive here, live.
      </p>
      <ButtonLink to="/login?redirectTo=%2Fnotifications" size="lg" className="mt-6">
        Sign in
      </ButtonLink>
    </Card>
  )
}

export default function Notifications() {
  useDocumentTitle('Notifications')
  const { loggedIn, checkingStatus } = useSession()

  if (checkingStatus) return <ScreenSpinner label="Checking your session…" />

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Notifications"
        description={loggedIn ? 'Everything that happened around your work, newest first.' : undefined}
      />
      {loggedIn ? <NotificationList /> : <SignInPrompt />}
    </div>
  )
}
