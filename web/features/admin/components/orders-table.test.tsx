import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AdminOrder } from '#common/schemas/admin.ts'
import { errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { OrdersTable } from './orders-table.tsx'

function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return AdminOrder.parse({
    id: '3f0c2a4e-0000-4000-8000-0000000000a1',
    status: 'paid',
    amount: 500,
    currency: 'USD',
    item: {
      kind: 'subscription',
      id: 'writer-1',
      title: 'Monthly subscription to Grace Okafor',
      seller: { id: 'writer-1', name: 'Grace Okafor' },
    },
    provider: 'sandbox',
    checkoutUrl: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    buyer: { id: 'u-rita', name: 'Rita Reader', email: 'rita@example.com' },
    ...overrides,
  })
}

const paid = adminOrder()
const declined = adminOrder({
  id: '3f0c2a4e-0000-4000-8000-0000000000a2',
  status: 'failed',
  checkoutUrl: '/payment/checkout/3f0c2a4e-0000-4000-8000-0000000000a2',
  buyer: { id: 'u-oscar', name: 'Oscar Other', email: 'oscar@example.com' },
})

/** A server that filters on ?status= and ?q= like the real one. */
function ordersServer(orders: () => AdminOrder[]) {
  return (url: string) => {
    const { status, q } = queryOf(url)
    const items = orders().filter(
      (o) =>
        (!status || o.status === status) &&
        (!q || o.id === q || `${o.buyer.name} ${o.buyer.email}`.toLowerCase().includes(q.toLowerCase())),
    )
    return jsonResponse({ items, nextCursor: null })
  }
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement

describe('OrdersTable', () => {
  it('lists orders with the item, buyer, amount and status; only a paid one offers Refund', async () => {
    stubFetch({ '/api/admin/orders': ordersServer(() => [paid, declined]) })
    renderAt(<OrdersTable />)

    await screen.findByText('Rita Reader')
    const rita = rowOf('Rita Reader')
    expect(within(rita).getByText('Monthly subscription to Grace Okafor')).toBeInTheDocument()
    expect(within(rita).getByText('$5.00')).toBeInTheDocument()
    expect(within(rita).getByText('Paid')).toBeInTheDocument()
    expect(within(rita).getByRole('button', { name: /^Refund Rita Reader/ })).toBeInTheDocument()
    const oscar = rowOf('Oscar Other')
    expect(within(oscar).getByText('Failed')).toBeInTheDocument()
    expect(within(oscar).queryByRole('button')).not.toBeInTheDocument()
  })

  it('filters by status and searches by buyer, asking the server', async () => {
    const fetch = stubFetch({ '/api/admin/orders': ordersServer(() => [paid, declined]) })
    const { user } = renderAt(<OrdersTable />)
    await screen.findByText('Rita Reader')

    await user.click(screen.getByRole('radio', { name: 'Failed' }))
    await waitFor(() => expect(screen.queryByText('Rita Reader')).not.toBeInTheDocument())
    expect(screen.getByText('Oscar Other')).toBeInTheDocument()
    expect(queryOf(fetch.mock.calls.at(-1)?.[0])).toMatchObject({ status: 'failed' })

    await user.click(screen.getByRole('radio', { name: 'All' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search orders by buyer or order id' }), 'rita')
    await waitFor(() => expect(screen.queryByText('Oscar Other')).not.toBeInTheDocument())
    expect(queryOf(fetch.mock.calls.at(-1)?.[0])).toEqual({ limit: expect.any(String), q: 'rita' })

    await user.click(screen.getByRole('radio', { name: 'Refunded' }))
    expect(await screen.findByText('No orders match')).toBeInTheDocument()
  })

  it('refunds after a confirmation that says what it undoes, and the row then reads Refunded', async () => {
    let current = [paid]
    const fetch = stubFetch({
      '/api/admin/orders': ordersServer(() => current),
      [`POST /api/admin/orders/${paid.id}/refund`]: () => {
        current = [{ ...paid, status: 'refunded' }]
        return jsonResponse(current[0])
      },
    })
    const { user } = renderAt(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: /^Refund Rita Reader/ }))

    const dialog = screen.getByRole('dialog', { name: 'Refund $5.00 to Rita Reader?' })
    expect(dialog).toHaveTextContent('reversed in the ledger')
    await user.click(within(dialog).getByRole('button', { name: 'Keep the payment' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await user.click(screen.getByRole('button', { name: /^Refund Rita Reader/ }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund $5.00' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(rowOf('Rita Reader')).findByText('Refunded')).toBeInTheDocument()
    expect(within(rowOf('Rita Reader')).queryByRole('button')).not.toBeInTheDocument()
  })

  it('keeps the dialog open with the server’s reason when the refund is refused', async () => {
    stubFetch({
      '/api/admin/orders': ordersServer(() => [paid]),
      [`POST /api/admin/orders/${paid.id}/refund`]: errorResponse(
        409,
        'conflict',
        'Only a paid order can be refunded; this one is refunded',
      ),
    })
    const { user } = renderAt(<OrdersTable />)
    await user.click(await screen.findByRole('button', { name: /^Refund Rita Reader/ }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }))
    expect(
      await within(dialog).findByText('Only a paid order can be refunded; this one is refunded'),
    ).toBeInTheDocument()
  })
})
