import { type ReactNode, useId, useState } from 'react'
import { RejectDialog } from '#web/components/reject-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatDate } from '#web/lib/format.ts'

interface ReviewEntryProps {
  /** The pill that starts the line above the title: what it is ("Book", "Exam", a post's category). */
  badge: string
  /** The rest of that line: where it belongs, when it was submitted (see Submitted), its size. */
  meta: ReactNode
  title: string
  subtitle?: string | null
  author: string
  /** Beside the heading (a book's cover). */
  aside?: ReactNode
  /** The line of numbers under the author: chapters, questions, price, time. */
  summary?: ReactNode
  /** Under the heading: an excerpt, warnings. Told whether the contents are open. */
  details?: (open: boolean) => ReactNode
  /** What the reviewer opens to read in place: the button's words and the section's name. */
  contents: { show: string; hide: string; label: string; render: () => ReactNode }
  /** False when the item can't be approved as it is (a post with no body). */
  approvable?: boolean
  approving: boolean
  onApprove: () => void
  /** The rejection dialog's words: what happens next for the author, and an example reason. */
  rejection?: { description: string; placeholder: string }
  rejecting: boolean
  /** Called with the trimmed reason; `done` closes the dialog once the decision is saved. */
  onReject: (reason: string, done: () => void) => void
}

/** "Submitted <date>", for the line above an entry's title. */
export function Submitted({ at }: { at: string }) {
  return (
    <span>
      Submitted <time dateTime={at}>{formatDate(at)}</time>
    </span>
  )
}

/** A separator on the line above an entry's title. */
export function Dot() {
  return <span aria-hidden="true">·</span>
}

/**
 * One item of an admins' review queue (ReviewQueue): what it is and who wrote it, its contents to
 * read in place, and the two decisions (a rejection asks why). Each kind (a post, an exam, a book)
 * fills in its own lines and contents.
 */
export function ReviewEntry({
  badge,
  meta,
  title,
  subtitle,
  author,
  aside,
  summary,
  details,
  contents,
  approvable = true,
  approving,
  onApprove,
  rejection,
  rejecting,
  onReject,
}: ReviewEntryProps) {
  const [open, setOpen] = useState(false)
  const [asking, setAsking] = useState(false)
  const id = useId()
  const busy = approving || rejecting

  const heading = (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
        <span className="rounded-full bg-ink-50 px-2.5 py-0.5 font-medium text-ink-800">{badge}</span>
        {meta}
      </div>
      <h3 id={`${id}-title`} className="mt-2 font-serif text-xl font-semibold break-words text-stone-900">
        {title}
      </h3>
      {subtitle && <p className="text-sm text-stone-600">{subtitle}</p>}
      <p className="mt-1 text-sm text-stone-600">by {author}</p>
      {summary && <p className="mt-2 text-sm text-stone-600">{summary}</p>}
    </>
  )

  return (
    <li
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {aside ? (
        <div className="flex gap-4">
          {aside}
          <div className="min-w-0">{heading}</div>
        </div>
      ) : (
        heading
      )}
      {details?.(open)}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-contents`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? contents.hide : contents.show}
        </Button>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)} disabled={busy}>
          Reject
        </Button>
        <Button size="sm" busy={approving} disabled={busy || !approvable} onClick={onApprove}>
          Approve
        </Button>
      </div>
      {open && (
        <section
          id={`${id}-contents`}
          aria-label={contents.label}
          className="mt-5 border-t border-stone-200 pt-5"
        >
          {contents.render()}
        </section>
      )}
      {asking && (
        <RejectDialog
          title={title}
          description={rejection?.description}
          placeholder={rejection?.placeholder}
          busy={rejecting}
          onClose={() => setAsking(false)}
          onConfirm={(reason) => onReject(reason, () => setAsking(false))}
        />
      )}
    </li>
  )
}
