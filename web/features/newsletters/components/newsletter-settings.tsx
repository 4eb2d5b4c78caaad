import { MailWarning, Users } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { writerPath } from '#common/paths.ts'
import type { NewsletterPreferences } from '#common/schemas/newsletters.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { formatLongDate } from '#web/lib/format.ts'
import { useNewsletterPreferences, useSwitchNewsletters, useWriterNewsletter } from '../api/newsletters.ts'

/** Settings → E-mail: every writer's newsletter at once, the weekly digest, each writer followed, and a bounced address. */
export function NewsletterSettings({ email }: { email: string }) {
  const preferences = useNewsletterPreferences()
  if (preferences.isPending) return <Spinner label="Loading your e-mail settings…" />
  if (preferences.isError)
    return (
      <QueryError
        what="your e-mail settings"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    )
  return <Preferences email={email} preferences={preferences.data} />
}

function Preferences({ email, preferences }: { email: string; preferences: NewsletterPreferences }) {
  const globalSwitch = useSwitchNewsletters()
  const digestSwitch = useSwitchNewsletters()
  const retry = useSwitchNewsletters()
  const writer = useWriterNewsletter()
  const pendingWriter = writer.isPending ? writer.variables?.writerId : undefined
  const { newsletters, digest, bounce, writers } = preferences

  return (
    <div className="space-y-6">
      {bounce && (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-4 sm:px-5">
          <div className="flex gap-3">
            <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden />
            <div className="min-w-0 space-y-2 text-sm text-stone-800">
              <p className="font-medium text-stone-900">We stopped e-mailing {email}.</p>
              <p>
                On {formatLongDate(bounce.at)} your mail server refused a newsletter for good, so we sent
                nothing more, to protect your address and every writer's. It said:
              </p>
              <p className="rounded-md bg-white/70 px-3 py-2 font-mono text-[13px] break-words text-stone-700">
                {bounce.reason}
              </p>
              <p>
                If the address works again (a full mailbox emptied, a typo fixed by your provider), try it
                again.
              </p>
              <Button
                variant="secondary"
                size="sm"
                busy={retry.isPending}
                onClick={() =>
                  retry.mutate(
                    { retryBouncedAddress: true },
                    { onSuccess: () => toast.success(`We'll e-mail ${email} again.`) },
                  )
                }
              >
                Try this address again
              </Button>
            </div>
          </div>
        </div>
      )}

      <Switch
        label="E-mail me new posts"
        description={
          newsletters
            ? 'New posts from the writers you choose below, and new chapters of the books you own, arrive by e-mail.'
            : 'Off: no writer e-mails you new posts or chapters. Your choices below are kept for when you turn it on.'
        }
        checked={newsletters}
        busy={globalSwitch.isPending}
        onChange={(on) =>
          globalSwitch.mutate(
            { newsletters: on },
            { onSuccess: () => toast.success(on ? 'Newsletters are on.' : 'Newsletters are off.') },
          )
        }
      />

      <Switch
        label="Weekly digest"
        description={
          digest
            ? 'On Monday mornings, one e-mail with the week’s new posts from the writers below, instead of one e-mail per post.'
            : 'One e-mail a week with every new post from the writers below, instead of one e-mail per post.'
        }
        checked={digest}
        dimmed={!newsletters}
        busy={digestSwitch.isPending}
        onChange={(on) =>
          digestSwitch.mutate(
            { digest: on },
            {
              onSuccess: () =>
                toast.success(
                  on ? 'New posts will come as one e-mail a week.' : 'Each new post will come on its own.',
                ),
            },
          )
        }
      />

      <div>
        <h3 className="font-sans text-sm font-medium text-stone-800">Writers you follow</h3>
        {writers.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon={<Users className="size-7" aria-hidden />} title="You don't follow anyone yet">
              <p>
                Follow a writer from their page and their new posts can come to you by e-mail.{' '}
                <Link to="/profile" className="font-medium text-ink-700 underline underline-offset-4">
                  Find writers
                </Link>
              </p>
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {writers.map((w) => (
              <li key={w.writerId} className="flex items-center gap-3 py-3">
                <Avatar name={w.name} image={w.image} size="sm" />
                <Link
                  to={writerPath(w.writerId)}
                  className="min-w-0 flex-1 truncate text-[15px] font-medium text-stone-900 hover:underline"
                >
                  {w.name}
                </Link>
                <Toggle
                  label={`E-mail me new posts from ${w.name}`}
                  checked={w.emailNewPosts}
                  // The global switch being off silences every writer; each keeps its own choice.
                  dimmed={!newsletters}
                  busy={pendingWriter === w.writerId}
                  onChange={(on) => writer.mutate({ writerId: w.writerId, emailNewPosts: on })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function Switch({
  label,
  description,
  checked,
  dimmed,
  busy,
  onChange,
}: {
  label: string
  description: string
  checked: boolean
  dimmed?: boolean
  busy: boolean
  onChange: (on: boolean) => void
}) {
  const descriptionId = useId()
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl bg-stone-50 px-4 py-4 ring-1 ring-stone-200">
      <div className="min-w-0">
        <p className="text-[15px] font-medium text-stone-900">{label}</p>
        <p id={descriptionId} className="mt-0.5 text-sm text-stone-600">
          {description}
        </p>
      </div>
      <Toggle
        label={label}
        describedBy={descriptionId}
        checked={checked}
        dimmed={dimmed}
        busy={busy}
        onChange={onChange}
      />
    </div>
  )
}

/** A switch (a checkbox read as on/off): its state changes when the server has answered. */
function Toggle({
  label,
  describedBy,
  checked,
  dimmed = false,
  busy,
  onChange,
}: {
  label: string
  describedBy?: string
  checked: boolean
  dimmed?: boolean
  busy: boolean
  onChange: (on: boolean) => void
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-wait ${checked ? (dimmed ? 'bg-ink-500' : 'bg-ink-800') : 'bg-stone-300'}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
      />
    </button>
  )
}
