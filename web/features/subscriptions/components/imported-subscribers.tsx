import { useId, useRef, useState } from 'react'
import type { ImportedSubscriber } from '#common/schemas/newsletters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { LoadMore } from '#web/components/ui/load-more.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useImportedSubscribers, useRemoveImported } from '../api/imported-subscribers.ts'
import { CONTACT_STATUS_TONES, CONTACT_STATUS_WORDS } from './contact-status.ts'

/** The section's anchor: the subscriber counts link to it. */
export const IMPORTED_SECTION = 'imported-addresses'

/**
 * The addresses a writer imported, newest first, with where each stands: waiting to confirm (and
 * whether the mail went), confirmed, unsubscribed or bounced. Nothing when there are none.
 */
export function ImportedSubscribers() {
  const titleId = useId()
  const imported = useImportedSubscribers()
  const [removing, setRemoving] = useState<ImportedSubscriber | null>(null)
  // A removed address's button is gone: focus lands on the list's heading instead of the page.
  const heading = useRef<HTMLHeadingElement>(null)

  if (imported.isPending) return <TableSkeleton label="Loading your imported addresses…" />
  if (!imported.data)
    return (
      <QueryError
        what="your imported addresses"
        error={imported.error}
        onRetry={() => void imported.refetch()}
      />
    )
  const { counts } = imported.data.pages[0]
  const items = imported.data.pages.flatMap((page) => page.items)
  if (items.length === 0) return null

  return (
    <section id={IMPORTED_SECTION} aria-labelledby={titleId} className="scroll-mt-20 space-y-3">
      <div>
        <h3
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-stone-900 focus:outline-none"
        >
          Imported addresses
        </h3>
        <p className="mt-1 text-sm text-stone-600">
          <span className="font-semibold tabular-nums text-stone-900">{counts.confirmed}</span> confirmed
          <Dot />
          <span className="font-semibold tabular-nums text-stone-900">{counts.pending}</span> waiting to
          confirm
          {counts.unsubscribed > 0 && (
            <>
              <Dot />
              <span className="font-semibold tabular-nums text-stone-900">{counts.unsubscribed}</span>{' '}
              unsubscribed
            </>
          )}
          {counts.bounced > 0 && (
            <>
              <Dot />
              <span className="font-semibold tabular-nums text-stone-900">{counts.bounced}</span> bounced
            </>
          )}
        </p>
        <p className="mt-1 text-sm text-stone-500">Only confirmed addresses get your posts by e-mail.</p>
      </div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
        {items.map((contact) => (
          <li key={contact.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-4 sm:px-5">
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{contact.email}</p>
              {contact.name && <p className="text-sm break-words text-stone-700">{contact.name}</p>}
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${CONTACT_STATUS_TONES[contact.status]}`}
                >
                  {CONTACT_STATUS_WORDS[contact.status]}
                </span>
                <span>{statusDetail(contact)}</span>
              </p>
              {contact.status === 'bounced' && contact.bounceReason && (
                <p className="mt-1 text-xs break-words text-stone-500">
                  The mail server said: {contact.bounceReason}
                </p>
              )}
            </div>
            {(contact.status === 'pending' || contact.status === 'confirmed') && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRemoving(contact)}
                aria-label={`Remove ${contact.email}`}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <LoadMore pages={imported} />
      {removing && (
        <RemoveDialog
          contact={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null)
            setTimeout(() => heading.current?.focus())
          }}
        />
      )}
    </section>
  )
}

const Dot = () => (
  <span aria-hidden="true" className="mx-2 text-stone-400">
    ·
  </span>
)

function statusDetail(contact: ImportedSubscriber): string {
  switch (contact.status) {
    case 'pending':
      return contact.confirmSentAt
        ? `Asked on ${formatDate(contact.confirmSentAt)}`
        : 'Confirmation mail on its way'
    case 'confirmed':
      return `Since ${formatDate(contact.confirmedAt ?? contact.createdAt)}`
    case 'unsubscribed':
      return contact.unsubscribedAt ? `On ${formatDate(contact.unsubscribedAt)}` : ''
    case 'bounced':
      return 'Not mailed again'
  }
}

function RemoveDialog({
  contact,
  onClose,
  onRemoved,
}: {
  contact: ImportedSubscriber
  onClose: () => void
  onRemoved: () => void
}) {
  const remove = useRemoveImported()
  return (
    <Dialog
      title={`Remove ${contact.email}?`}
      description={
        contact.status === 'confirmed'
          ? 'They will get no more of your posts, and leave the figures of posts already sent. Imported again later, the address is asked to confirm again.'
          : 'No more mail goes to this address. Imported again later, it is asked to confirm again.'
      }
      onClose={() => !remove.isPending && onClose()}
    >
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() => remove.mutate(contact.id, { onSuccess: onRemoved })}
        >
          Remove
        </Button>
      </div>
    </Dialog>
  )
}
