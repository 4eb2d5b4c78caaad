import { CheckCircle2, Inbox, Mail, RotateCcw } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import type { ContactMessage } from '#common/schemas/contact.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import type { MessageFilter } from '../api/admin-queries.ts'
import { useContactMessages } from '../api/list-contact-messages.ts'
import { useMarkMessageHandled } from '../api/mark-message-handled.ts'

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
]

const EMPTY: Record<MessageFilter, { title: string; text: string }> = {
  open: {
    title: 'No open messages',
    text: 'Every message has been handled. New ones from the contact form arrive here.',
  },
  handled: { title: 'Nothing handled yet', text: 'Messages you mark as handled move here.' },
  all: { title: 'No messages yet', text: 'Messages sent through the contact form arrive here.' },
}

function MessageItem({ message }: { message: ContactMessage }) {
  const titleId = useId()
  const mark = useMarkMessageHandled()
  const toggle = () => mark.mutate({ id: message.id, handled: !message.handled })
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${message.handled ? 'border-stone-200' : 'border-ink-200'}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={titleId} className="text-lg font-semibold break-words">
              {message.subject}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
              <span className="font-medium text-stone-800">{message.name}</span>
              <span aria-hidden>·</span>
              <a
                href={`mailto:${message.email}`}
                className="break-all text-ink-700 underline-offset-2 hover:underline"
              >
                {message.email}
              </a>
              {message.userId && (
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
                  Signed-in member
                </span>
              )}
            </p>
          </div>
          <div className="flex items-center gap-2 text-sm text-stone-500">
            {message.handled ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
                <CheckCircle2 className="size-3.5" aria-hidden />
                Handled
              </span>
            ) : (
              <span className="rounded-full bg-accent-400/25 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
                Open
              </span>
            )}
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </div>
        </header>
        <p className="mt-4 max-w-3xl whitespace-pre-wrap break-words text-[15px] leading-relaxed text-stone-800">
          {message.message}
        </p>
        <footer className="mt-5 flex flex-wrap gap-2 border-t border-stone-100 pt-4">
          <a href={reply} className={buttonClass('secondary', 'sm')}>
            <Mail className="size-4" aria-hidden />
            Reply by e-mail
          </a>
          <Button
            size="sm"
            variant={message.handled ? 'secondary' : 'primary'}
            onClick={toggle}
            busy={mark.isPending}
            aria-label={`${message.handled ? 'Reopen' : 'Mark handled'}: ${message.subject}`}
          >
            {message.handled ? (
              <RotateCcw className="size-4" aria-hidden />
            ) : (
              <CheckCircle2 className="size-4" aria-hidden />
            )}
            {message.handled ? 'Reopen' : 'Mark handled'}
          </Button>
        </footer>
      </article>
    </li>
  )
}

function SkeletonMessages() {
  return (
    <div role="status" aria-label="Loading messages" className="space-y-3">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-6">
          <div className="h-4 w-1/3 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-1/4 animate-pulse rounded bg-stone-100" />
          <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-stone-100" />
        </div>
      ))}
    </div>
  )
}

/** Messages from the contact form, newest first, filtered by whether someone has handled them. */
export function MessagesList() {
  const [filter, setFilter] = useState<MessageFilter>('open')
  const messages = useContactMessages(filter)
  const items = messages.data?.pages.flatMap((page) => page.items) ?? []

  let body: ReactNode
  if (messages.isPending) body = <SkeletonMessages />
  else if (messages.isError && !messages.data) {
    body = (
      <Alert>
        The messages could not be loaded: {messages.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => messages.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={<Inbox className="size-8" aria-hidden />} title={EMPTY[filter].title}>
        {EMPTY[filter].text}
      </EmptyState>
    )
  } else {
    body = (
      <ul className={`space-y-3 transition-opacity ${messages.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
    )
  }

  return (
    <div className="space-y-4">
      <SegmentedControl
        legend="Show messages"
        name="message-filter"
        options={FILTERS}
        value={filter}
        onChange={setFilter}
      />

      {body}

      {messages.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            onClick={() => messages.fetchNextPage()}
            busy={messages.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
      {messages.isFetchNextPageError && (
        <Alert>More messages could not be loaded. Try “Load more” again.</Alert>
      )}
    </div>
  )
}
