import { useInfiniteQuery } from '@tanstack/react-query'
import { Ban, BookOpen, Flag, Trash2, TriangleExclamationPoint } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { REPORT_TARGET_NOUNS } from '#common/constants.ts'
import {
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  type ReportItem,
  type ReportStatus,
  type ReportTarget,
} from '#common/schemas/reports.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { reportQueries } from '../api/report-queries.ts'
import { useResolveReport } from '../api/resolve-report.ts'

const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  removed: 'Removed',
  dismissed: 'Dismissed',
}

const EMPTY: Record<ReportStatus, { title: string; text: string }> = {
  open: {
    title: 'No open reports. Nice and quiet.',
    text: 'When a reader reports a post, a comment, a forum thread, a reply or a book review, it arrives here.',
  },
  removed: { title: 'Nothing removed yet', text: 'Reports whose content you remove move here.' },
  dismissed: { title: 'Nothing dismissed yet', text: 'Reports you dismiss move here.' },
}

const TARGET_LABELS: Record<ReportTarget, string> = {
  post: 'Post',
  comment: 'Comment',
  thread: 'Forum thread',
  reply: 'Forum reply',
  book_review: 'Book review',
}

/**
 * What the report is about, as a heading: the post's or thread's title, or which post a comment
 * is on, or which thread a reply is in.
 */
function headingOf(report: ReportItem): string {
  if (!report.target) return `A ${REPORT_TARGET_NOUNS[report.targetType]} that has since been deleted`
  if (report.targetType === 'comment') return `Comment on “${report.target.title}”`
  if (report.targetType === 'reply') return `Reply in “${report.target.title}”`
  if (report.targetType === 'book_review') return `Review of “${report.target.title}”`
  return report.target.title
}

/** What removing it does, beyond deleting it for everyone. */
const REMOVAL_EFFECTS: Record<ReportTarget, string> = {
  post: 'Its comments go with it',
  comment: 'The post stays',
  thread: 'Its replies go with it',
  reply: 'The thread stays, showing the reply as deleted',
  book_review: 'The book’s rating is counted again without it',
}

interface RemoveDialogProps {
  report: ReportItem
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

function RemoveDialog({ report, busy, onConfirm, onClose }: RemoveDialogProps) {
  const noun = REPORT_TARGET_NOUNS[report.targetType]
  const author = report.target?.author.name
  return (
    <Dialog
      title={`Remove this ${noun}?`}
      description={`${headingOf(report)}${author ? ` by ${author}` : ''} is deleted for everyone and every open report on it is closed. ${REMOVAL_EFFECTS[report.targetType]}. ${author ? `${author} is told why. ` : ''}This cannot be undone.`}
      icon={
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleExclamationPoint className="size-5" aria-hidden />
        </div>
      }
      onClose={() => {
        if (!busy) onClose()
      }}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          Remove {noun}
        </Button>
      </div>
    </Dialog>
  )
}

function ReportCard({ report }: { report: ReportItem }) {
  const titleId = useId()
  const resolve = useResolveReport()
  const [confirming, setConfirming] = useState(false)
  const heading = headingOf(report)
  const act = (action: 'remove' | 'dismiss') =>
    resolve.mutate({ id: report.id, action }, { onSettled: () => setConfirming(false) })

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${report.status === 'open' ? 'border-ink-200' : 'border-stone-200'}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-xs font-medium tracking-wide text-stone-500 uppercase">
              {TARGET_LABELS[report.targetType]}
              <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold tracking-normal text-red-800 normal-case ring-1 ring-red-200">
                {REPORT_REASON_LABELS[report.reason]}
              </span>
            </p>
            <h3
              id={titleId}
              className={`mt-2 text-lg font-semibold break-words ${report.target ? '' : 'text-stone-500'}`}
            >
              {heading}
            </h3>
            {report.target && (
              <p className="mt-0.5 text-sm text-stone-600">
                by <span className="font-medium text-stone-800">{report.target.author.name}</span>
              </p>
            )}
          </div>
          <p className="text-sm text-stone-500">
            <span className="sr-only">Reported </span>
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          </p>
        </header>

        {report.target ? (
          <blockquote className="mt-4 line-clamp-4 border-l-2 border-stone-200 pl-3 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-stone-700">
            {report.target.text || <span className="text-stone-400 italic">No excerpt</span>}
          </blockquote>
        ) : (
          <p className="mt-3 text-sm text-stone-500">
            Its author or an administrator has already deleted it.
          </p>
        )}

        <div className="mt-4 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          <p>
            Reported by <span className="font-medium text-stone-900">{report.reporter.name}</span>
          </p>
          {report.details && (
            <p className="mt-1 break-words whitespace-pre-wrap text-stone-800">“{report.details}”</p>
          )}
        </div>

        <footer className="mt-5 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-4">
          {report.target && (
            <Link to={report.target.link} className={buttonClass('secondary', 'sm')}>
              <BookOpen className="size-4" aria-hidden />
              Read it
            </Link>
          )}
          {report.status === 'open' ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => act('dismiss')}
                busy={resolve.isPending && resolve.variables?.action === 'dismiss'}
                disabled={resolve.isPending}
              >
                <Ban className="size-4" aria-hidden />
                Dismiss
              </Button>
              {report.target && (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setConfirming(true)}
                  disabled={resolve.isPending}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Remove {REPORT_TARGET_NOUNS[report.targetType]}…
                </Button>
              )}
            </>
          ) : (
            <p className="text-sm text-stone-500">
              {STATUS_LABELS[report.status]}
              {report.resolvedAt && (
                <>
                  {' '}
                  on <time dateTime={report.resolvedAt}>{formatDateTime(report.resolvedAt)}</time>
                </>
              )}
            </p>
          )}
        </footer>
      </article>
      {confirming && (
        <RemoveDialog
          report={report}
          busy={resolve.isPending}
          onConfirm={() => act('remove')}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  )
}

function SkeletonReports() {
  return (
    <div role="status" aria-label="Loading reports" className="space-y-3">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-6">
          <div className="h-3 w-1/5 animate-pulse rounded bg-stone-100" />
          <div className="h-4 w-1/3 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-stone-100" />
        </div>
      ))}
    </div>
  )
}

/** Reports from readers, newest first: open ones to act on, and those already removed or dismissed. */
export function ReportsList() {
  const [status, setStatus] = useState<ReportStatus>('open')
  const reports = useInfiniteQuery(reportQueries.list(status))
  const items = reports.data?.pages.flatMap((page) => page.items) ?? []

  let body: ReactNode
  if (reports.isPending) body = <SkeletonReports />
  else if (reports.isError && !reports.data) {
    body = (
      <Alert>
        The reports could not be loaded: {reports.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => reports.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={<Flag className="size-8" aria-hidden />} title={EMPTY[status].title}>
        {EMPTY[status].text}
      </EmptyState>
    )
  } else {
    body = (
      <ul className={`space-y-3 transition-opacity ${reports.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ul>
    )
  }

  return (
    <div className="space-y-4">
      <SegmentedControl
        legend="Show reports"
        name="report-status"
        options={REPORT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        value={status}
        onChange={setStatus}
      />

      {body}

      {reports.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            onClick={() => reports.fetchNextPage()}
            busy={reports.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
      {reports.isFetchNextPageError && (
        <Alert>More reports could not be loaded. Try “Load more” again.</Alert>
      )}
    </div>
  )
}
