import { MailCheck, MailX, Unlink } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { emailSettingsPath, writerPath } from '#common/paths.ts'
import type { NewsletterLinkState } from '#common/schemas/newsletters.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useNewsletterLink, useSetLinkNewsletter } from '../api/newsletters.ts'
import { Frame, linkClass } from './link-frame.tsx'

/**
 * The page a newsletter's unsubscribe link opens. Opening it changes nothing (mail scanners open
 * every link): one button unsubscribes, and the confirmation offers to undo.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  if (!token) return <BadLink />
  return <LinkState token={token} />
}

function LinkState({ token }: { token: string }) {
  const link = useNewsletterLink(token)
  if (link.isPending)
    return (
      <Frame title="Your newsletter link" icon={<MailCheck />}>
        <div className="flex justify-center py-4">
          <Spinner label="Reading your link…" />
        </div>
      </Frame>
    )
  if (link.isError) {
    const refused = link.error instanceof ApiError && link.error.status >= 400 && link.error.status < 500
    if (refused) return <BadLink />
    return (
      <Frame title="Your newsletter link" icon={<MailCheck />}>
        <QueryError what="this link" error={link.error} onRetry={() => void link.refetch()} />
      </Frame>
    )
  }
  return <Choice token={token} state={link.data} />
}

function Choice({ token, state }: { token: string; state: NewsletterLinkState }) {
  const change = useSetLinkNewsletter(token)
  // What this visit did: the confirmation (and its Undo) follows from it.
  const [done, setDone] = useState<'unsubscribed' | 'resubscribed' | null>(null)
  const set = (emailNewPosts: boolean) =>
    change.mutate(emailNewPosts, {
      onSuccess: () => setDone(emailNewPosts ? 'resubscribed' : 'unsubscribed'),
    })
  // A digest's link stands for every writer followed; a post's for its writer.
  const what = state.writer ? (
    <>
      new posts from{' '}
      <Link to={writerPath(state.writer.id)} className={linkClass}>
        {state.writer.name}
      </Link>
    </>
  ) : (
    <>your weekly digest or any writer's new posts</>
  )
  const whom = state.writer?.name ?? 'every newsletter'
  const address = <span className="font-medium break-words text-stone-900">{state.email}</span>

  if (!state.emailNewPosts)
    return (
      <Frame title="You're unsubscribed" icon={<MailX />}>
        <p className="text-[15px] leading-6 text-stone-700">
          You'll no longer get {what} at {address}.
        </p>
        {!state.imported && (
          <p className="mt-3 text-sm text-stone-600">
            You still follow {state.writer ? state.writer.name : 'the same writers'} on Inkwell: only the
            e-mails stop.
          </p>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => set(true)} busy={change.isPending}>
            {done === 'unsubscribed' ? 'Undo' : 'Get new posts by e-mail again'}
          </Button>
        </div>
      </Frame>
    )

  return (
    <Frame
      title={done === 'resubscribed' ? "You're subscribed again" : `Unsubscribe from ${whom}?`}
      icon={<MailCheck />}
    >
      <p className="text-[15px] leading-6 text-stone-700">
        {done === 'resubscribed' ? (
          <>
            You'll get {what} at {address} again.
          </>
        ) : (
          <>
            You get {what} at {address}. Unsubscribe, and you'll no longer get them.
          </>
        )}
      </p>
      <div className="mt-6">
        <Button
          variant={done === 'resubscribed' ? 'secondary' : 'primary'}
          size="lg"
          className="w-full sm:w-auto"
          onClick={() => set(false)}
          busy={change.isPending}
        >
          Unsubscribe
        </Button>
      </div>
    </Frame>
  )
}

function BadLink() {
  return (
    <Frame title="This link doesn't work" icon={<Unlink />} footer={false}>
      <p className="text-[15px] leading-6 text-stone-700">
        We can't tell which newsletter it is for: it may be incomplete (some mail apps cut long links) or the
        account it was sent to no longer exists.
      </p>
      <p className="mt-3 text-[15px] leading-6 text-stone-700">
        In your e-mail settings you choose which writers e-mail you, or stop every newsletter at once.
      </p>
      <ButtonLink to={emailSettingsPath} size="lg" className="mt-6 w-full sm:w-auto">
        Manage e-mail in settings
      </ButtonLink>
    </Frame>
  )
}
