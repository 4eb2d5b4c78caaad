import { Banknote, Check, X } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { formatMoney } from '#common/money.ts'
import type { AdminPayout, PayoutStatus } from '#common/schemas/earnings.ts'
import { PAYOUT_REASON_MAX_LENGTH, PAYOUT_REFERENCE_MAX_LENGTH } from '#common/schemas/earnings.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { CellLabel, DataTable, TableSkeleton } from '#web/components/ui/table.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { formatDateTime } from '#web/lib/format.ts'
import type { PayoutFilter } from '../api/admin-queries.ts'
import { useAdminPayouts, useDecidePayout } from '../api/payouts.ts'

const FILTERS: { value: PayoutFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
]

const STATUS: Record<PayoutStatus, { label: string; dot: string }> = {
  open: { label: 'Open', dot: 'bg-amber-500' },
  paid: { label: 'Paid', dot: 'bg-emerald-500' },
  rejected: { label: 'Rejected', dot: 'bg-red-600' },
}

type Action = 'paid' | 'reject'

/** Asks for the payment's reference (Mark paid) or the reason (Reject), then decides the request. */
function DecideDialog({
  payout,
  action,
  onClose,
}: {
  payout: AdminPayout
  action: Action
  onClose: () => void
}) {
  const decide = useDecidePayout()
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const amount = formatMoney(payout.amount, payout.currency)
  const paid = action === 'paid'
  const field = paid ? 'reference' : 'reason'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (!value) return setError(paid ? 'Enter the transfer’s reference' : 'Say why it is rejected')
    setError(undefined)
    decide.mutate(
      paid ? { id: payout.id, action, reference: value } : { id: payout.id, action, reason: value },
      {
        onSuccess: onClose,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields?.[field]) setError(failure.fields[field])
          else onClose()
        },
      },
    )
  }

  return (
    <Dialog
      title={
        paid
          ? `Mark ${amount} to ${payout.writer.name} paid?`
          : `Reject ${payout.writer.name}’s request for ${amount}?`
      }
      description={
        paid
          ? 'Send the money first, then enter the bank or provider’s reference for it. The writer is notified and sees the reference.'
          : `${amount} returns to ${payout.writer.name}’s available balance (after any amount they owe), and they are notified with your reason.`
      }
      icon={paid ? <Check className="size-6" aria-hidden /> : <X className="size-6" aria-hidden />}
      onClose={() => !decide.isPending && onClose()}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {paid ? (
          <TextField
            label="Payment reference"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={PAYOUT_REFERENCE_MAX_LENGTH}
            autoComplete="off"
            error={error}
          />
        ) : (
          <TextArea
            label="Reason"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={PAYOUT_REASON_MAX_LENGTH}
            rows={3}
            error={error}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={paid ? 'primary' : 'danger'} busy={decide.isPending}>
            {paid ? 'Mark paid' : `Reject and return ${amount}`}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

const cell = 'px-4 py-3 align-middle max-md:p-0'

function PayoutRow({ payout }: { payout: AdminPayout }) {
  const [action, setAction] = useState<Action | null>(null)
  const status = STATUS[payout.status]
  return (
    <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-3 max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      <td className={`${cell} max-md:col-span-2`}>
        <span className="block font-medium text-stone-900">{payout.writer.name}</span>
        <span className="block max-w-64 truncate text-xs text-stone-500" title={payout.writer.email}>
          {payout.writer.email}
        </span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Amount</CellLabel>
        {formatMoney(payout.amount, payout.currency)}
      </td>
      <td className={`${cell} text-stone-600 md:whitespace-nowrap`}>
        <CellLabel>Requested</CellLabel>
        <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
      </td>
      <td className={`${cell} max-md:col-span-2`}>
        <CellLabel>Status</CellLabel>
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-800">
          <span className={`size-2 rounded-full ${status.dot}`} aria-hidden />
          {status.label}
        </span>
        {(payout.reference || payout.reason) && (
          <span className="block max-w-64 text-xs break-words text-stone-500">
            {payout.reference ? `Ref. ${payout.reference}` : payout.reason}
          </span>
        )}
      </td>
      <td
        className={`${cell} text-right max-md:col-span-2 max-md:border-t max-md:border-stone-100 max-md:pt-3 max-md:text-left`}
      >
        {payout.status === 'open' ? (
          <div className="inline-flex flex-wrap gap-2">
            <Button
              size="sm"
              aria-label={`Mark paid: ${payout.writer.name}`}
              onClick={() => setAction('paid')}
            >
              Mark paid
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Reject: ${payout.writer.name}`}
              onClick={() => setAction('reject')}
            >
              Reject
            </Button>
          </div>
        ) : (
          <span className="text-sm text-stone-400">
            <span className="sr-only">No action</span>
            <span aria-hidden>—</span>
          </span>
        )}
        {action && <DecideDialog payout={payout} action={action} onClose={() => setAction(null)} />}
      </td>
    </tr>
  )
}

/** Writers' payout requests, open ones first: pay (with the reference) or reject (with a reason). */
export function PayoutsTable() {
  const [status, setStatus] = useState<PayoutFilter>('open')
  const payouts = useAdminPayouts(status)
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? []

  let body: ReactNode
  if (payouts.isPending) body = <TableSkeleton label="Loading payout requests" />
  else if (payouts.isError && !payouts.data) {
    body = (
      <Alert>
        The payout requests could not be loaded: {payouts.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => payouts.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<Banknote className="size-8" aria-hidden />}
        title={status === 'open' ? 'No open payout requests' : 'No payouts match'}
      >
        {status === 'open'
          ? 'Writers’ requests appear here until you mark them paid or reject them.'
          : 'Try another status.'}
      </EmptyState>
    )
  } else {
    body = (
      <DataTable
        variant="cards"
        caption="Payout requests, newest first"
        columns={[
          { label: 'Writer' },
          { label: 'Amount', align: 'right' },
          { label: 'Requested' },
          { label: 'Status' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {items.map((payout) => (
          <PayoutRow key={payout.id} payout={payout} />
        ))}
      </DataTable>
    )
  }

  return (
    <div className="space-y-4">
      <SegmentedControl
        legend="Show payout requests"
        name="payout-filter"
        options={FILTERS}
        value={status}
        onChange={setStatus}
      />
      {body}
      {payouts.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            onClick={() => payouts.fetchNextPage()}
            busy={payouts.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
      {payouts.isFetchNextPageError && (
        <Alert>More requests could not be loaded. Try “Load more” again.</Alert>
      )}
    </div>
  )
}
