import { MailCheck, MailPlus, Unlink } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { writerPath } from '#common/paths.ts'
import type { NewsletterLinkState } from '#common/schemas/newsletters.ts'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useNewsletterLink, useSetLinkNewsletter } from '../api/newsletters.ts'
import { Frame, linkClass } from './link-frame.tsx'

const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500

/**
 * The page an imported address's confirmation mail opens (double opt-in). Opening it changes
 * nothing (mail scanners open every link): it says whose newsletter and which address, and its
 * one button confirms.
 */
export function ConfirmPanel({ token }: { token: string | null }) {
  if (!token) return <BadLink />
  return <LinkState token={token} />
}

function LinkState({ token }: { token: string }) {
  const link = useNewsletterLink(token)
  if (link.isPending)
    return (
      <Frame title="Confirm your subscription" icon={<MailPlus />} footer={false}>
        <div className="flex justify-center py-4">
          <Spinner label="Reading your link…" />
        </div>
      </Frame>
    )
  if (link.isError) {
    if (refused(link.error)) return <BadLink />
    return (
      <Frame title="Confirm your subscription" icon={<MailPlus />} footer={false}>
        <QueryError what="this link" error={link.error} onRetry={() => void link.refetch()} />
      </Frame>
    )
  }
  // Only an imported address's link confirms: an account's newsletter link has its own page.
  if (!link.data.imported || !link.data.writer) return <BadLink />
  return <Confirm token={token} state={link.data} writer={link.data.writer} />
}

function Confirm({
  token,
  state,
  writer,
}: {
  token: string
  state: NewsletterLinkState
  writer: { id: string; name: string }
}) {
  const confirm = useSetLinkNewsletter(token)
  // Whether this visit confirmed: "You're subscribed", not "already".
  const [confirmed, setConfirmed] = useState(false)
  const name = (
    <Link to={writerPath(writer.id)} className={linkClass}>
      {writer.name}
    </Link>
  )
  const address = <span className="font-medium break-words text-stone-900">{state.email}</span>

  if (refused(confirm.error)) return <BadLink />
  if (state.emailNewPosts)
    return (
      <Frame
        title={confirmed ? "You're subscribed" : "You're already subscribed"}
        icon={<MailCheck />}
        footer={false}
      >
        <p className="text-[15px] leading-6 text-stone-700">
          You'll get new posts from {name} at {address}. Every mail has a link to unsubscribe in one click.
        </p>
        <ButtonLink
          to={writerPath(writer.id)}
          variant="secondary"
          size="lg"
          className="mt-6 w-full sm:w-auto"
        >
          Read {writer.name}'s posts
        </ButtonLink>
      </Frame>
    )

  return (
    <Frame title="Confirm your subscription" icon={<MailPlus />} footer={false}>
      <p className="text-[15px] leading-6 text-stone-700">
        {name} is moving their newsletter to Inkwell and brought {address} along from their list. Confirm, and
        you'll get their new posts by e-mail.
      </p>
      <div className="mt-6">
        <Button
          size="lg"
          className="w-full sm:w-auto"
          busy={confirm.isPending}
          onClick={() => confirm.mutate(true, { onSuccess: () => setConfirmed(true) })}
        >
          Confirm subscription
        </Button>
      </div>
      <p className="mt-4 text-sm text-stone-600">
        Not interested? Close this page: nothing more is sent to this address.
      </p>
    </Frame>
  )
}

function BadLink() {
  return (
    <Frame title="This link doesn't work" icon={<Unlink />} footer={false}>
      <p className="text-[15px] leading-6 text-stone-700">
        We can't tell which newsletter it confirms: it may be incomplete (some mail apps cut long links), or
        the writer has removed this address from their list.
      </p>
      <p className="mt-3 text-[15px] leading-6 text-stone-700">
        Nothing is sent to an address that has not confirmed.
      </p>
      <ButtonLink to="/" variant="secondary" size="lg" className="mt-6 w-full sm:w-auto">
        Go to Inkwell
      </ButtonLink>
    </Frame>
  )
}
