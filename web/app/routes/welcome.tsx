import { Card } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { WelcomeForm } from '#web/features/account/components/welcome-form.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** Right after sign-up: tell us who you are. Also reachable later to edit the same answers. */
export default function Welcome() {
  useDocumentTitle('Welcome')
  const me = useMe()

  if (me.isPending) return <ScreenSpinner label="Loading your profile…" />
  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-8 text-center sm:mb-10">
        <p className="text-xs font-semibold tracking-widest text-ink-700 uppercase">
          {me.data?.onboarded ? 'Your profile' : 'One last step'}
        </p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Welcome to Inkwell</h1>
        <p className="mx-auto mt-3 max-w-xl text-stone-600">
          Tell readers a little about yourself and what you're here for. It takes a minute, and you can change
          all of it later in Settings.
        </p>
      </header>
      {me.isError ? (
        <QueryError what="your profile" error={me.error} onRetry={() => me.refetch()} />
      ) : (
        <Card className="sm:p-10">
          <WelcomeForm me={me.data} />
        </Card>
      )}
    </div>
  )
}
