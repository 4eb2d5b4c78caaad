import { Receipt, Undo2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { formatMoney } from '#common/money.ts'
import type { AdminOrder } from '#common/schemas/admin.ts'
import type { OrderStatus } from '#common/schemas/payments.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { CellLabel, DataTable, TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import type { OrderFilter } from '../api/admin-queries.ts'
import { useAdminOrders } from '../api/list-orders.ts'
import { useRefundOrder } from '../api/refund-order.ts'
import { TableSearch } from './table-search.tsx'
import { SEARCH_DEBOUNCE_MS } from './users-table.tsx'

const FILTERS: { value: OrderFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'refunded', label: 'Refunded' },
]

const STATUS: Record<OrderStatus, { label: string; dot: string; text: string }> = {
  paid: { label: 'Paid', dot: 'bg-emerald-500', text: 'text-stone-800' },
  pending: { label: 'Pending', dot: 'bg-amber-500', text: 'text-stone-800' },
  failed: { label: 'Failed', dot: 'bg-red-600', text: 'text-red-800' },
  cancelled: { label: 'Cancelled', dot: 'bg-stone-400', text: 'text-stone-700' },
  refunded: { label: 'Refunded', dot: 'bg-ink-600', text: 'text-ink-800' },
}

function StatusBadge({ status }: { status: OrderStatus }) {
  const { label, dot, text } = STATUS[status]
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${text}`}>
      <span className={`size-2 rounded-full ${dot}`} aria-hidden />
      {label}
    </span>
  )
}

/** The first block of an order id: enough to tell orders apart and to search by in full. */
const shortId = (id: string) => id.slice(0, 8)

function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const refund = useRefundOrder()
  const amount = formatMoney(order.amount, order.currency)
  return (
    <Dialog
      title={`Refund ${amount} to ${order.buyer.name}?`}
      description={`The full amount goes back through ${order.provider === 'sandbox' ? 'the sandbox' : 'Stripe'}. The ${order.item.kind === 'subscription' ? 'subscription' : 'access'} it bought ends now, and ${order.item.seller.name}’s earnings from it are reversed in the ledger. This cannot be undone.`}
      icon={<Undo2 className="size-6" aria-hidden />}
      onClose={() => !refund.isPending && onClose()}
    >
      {refund.isError && (
        <div className="mt-4">
          <Alert>{refund.error.message}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
          Keep the payment
        </Button>
        <Button
          variant="danger"
          busy={refund.isPending}
          onClick={() => refund.mutate(order.id, { onSuccess: onClose })}
        >
          Refund {amount}
        </Button>
      </div>
    </Dialog>
  )
}

const cell = 'px-4 py-3 align-middle max-md:p-0'

function OrderRow({ order }: { order: AdminOrder }) {
  const [refunding, setRefunding] = useState(false)
  return (
    <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-3 max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      <td className={`${cell} max-md:col-span-2`}>
        <span className="block font-medium break-words text-stone-900">{order.item.title}</span>
        <span className="block text-xs text-stone-500">
          Order <span className="font-mono">{shortId(order.id)}</span> · to {order.item.seller.name}
        </span>
      </td>
      <td className={`${cell} max-md:col-span-2`}>
        <CellLabel>Buyer</CellLabel>
        <span className="block truncate text-stone-800">{order.buyer.name}</span>
        <span className="block max-w-56 truncate text-xs text-stone-500" title={order.buyer.email}>
          {order.buyer.email}
        </span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left`}>
        <CellLabel>Amount</CellLabel>
        {formatMoney(order.amount, order.currency)}
      </td>
      <td className={cell}>
        <CellLabel>Status</CellLabel>
        <StatusBadge status={order.status} />
      </td>
      <td className={`${cell} whitespace-nowrap text-stone-600`}>
        <CellLabel>Ordered</CellLabel>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </td>
      <td
        className={`${cell} text-right max-md:col-span-2 max-md:border-t max-md:border-stone-100 max-md:pt-3 max-md:text-left`}
      >
        {order.status === 'paid' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Refund ${order.buyer.name}: ${order.item.title}`}
            onClick={() => setRefunding(true)}
          >
            <Undo2 className="size-4" aria-hidden />
            Refund
          </Button>
        ) : (
          <span className="text-sm text-stone-400">
            <span className="sr-only">No action</span>
            <span aria-hidden>—</span>
          </span>
        )}
        {refunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}
      </td>
    </tr>
  )
}

/** Every order on Inkwell: by status, by buyer or order id, and a full refund of a paid one. */
export function OrdersTable() {
  const [status, setStatus] = useState<OrderFilter>('all')
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const orders = useAdminOrders(status, q)
  const items = orders.data?.pages.flatMap((page) => page.items) ?? []
  const searching = orders.isFetching && !orders.isFetchingNextPage && orders.isPlaceholderData

  let body: ReactNode
  if (orders.isPending) body = <TableSkeleton label="Loading orders" />
  else if (orders.isError && !orders.data) {
    body = (
      <Alert>
        The orders could not be loaded: {orders.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => orders.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (items.length === 0) {
    const filtered = q || status !== 'all'
    body = (
      <EmptyState
        icon={<Receipt className="size-8" aria-hidden />}
        title={filtered ? 'No orders match' : 'No orders yet'}
      >
        {filtered
          ? 'Try another status, part of the buyer’s name or e-mail, or a whole order id.'
          : 'Orders appear here as soon as someone subscribes to a paying writer.'}
      </EmptyState>
    )
  } else {
    body = (
      <DataTable
        variant="cards"
        caption="Orders, newest first"
        columns={[
          { label: 'Item' },
          { label: 'Buyer' },
          { label: 'Amount', align: 'right' },
          { label: 'Status' },
          { label: 'Ordered' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {items.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </DataTable>
    )
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SegmentedControl
          legend="Show orders"
          name="order-filter"
          options={FILTERS}
          value={status}
          onChange={setStatus}
        />
        <TableSearch
          label="Search orders by buyer or order id"
          placeholder="Buyer or order id"
          value={search}
          onChange={setSearch}
          searching={searching}
          className="w-full lg:max-w-sm"
        />
      </div>

      {body}

      {orders.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button variant="secondary" onClick={() => orders.fetchNextPage()} busy={orders.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
      {orders.isFetchNextPageError && <Alert>More orders could not be loaded. Try “Load more” again.</Alert>}
    </div>
  )
}
