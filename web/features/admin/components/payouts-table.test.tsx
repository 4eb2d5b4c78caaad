import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AdminPayout } from '#common/schemas/earnings.ts'
import { bodyOf, callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { PayoutsTable } from './payouts-table.tsx'

const ID = '0190a0a0-0000-7000-8000-0000000000b1'
const open = AdminPayout.parse({
  id: ID,
  amount: 2550,
  currency: 'USD',
  status: 'open',
  reference: null,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  writer: { id: 'w-grace', name: 'Grace Okafor', email: 'grace@inkwell.test' },
})

/** A server that filters on ?status= and decides like the real one. */
function payoutsServer() {
  let payout = open
  const decide = (status: 'paid' | 'rejected') => (_url: string, init?: RequestInit) => {
    const body = bodyOf(init) as { reference?: string; reason?: string }
    if (body.reference === 'too long')
      return jsonResponse(
        {
          error: { code: 'validation', message: 'Check the form', fields: { reference: 'Keep it shorter' } },
        },
        400,
      )
    payout = {
      ...payout,
      status,
      reference: body.reference ?? null,
      reason: body.reason ?? null,
      decidedAt: '2026-11-21T10:00:00.000Z',
    }
    const { writer: _, ...plain } = payout
    return jsonResponse(plain)
  }
  return stubFetch({
    '/api/admin/payouts': (url: string) => {
      const { status } = queryOf(url)
      return jsonResponse({ items: !status || status === payout.status ? [payout] : [], nextCursor: null })
    },
    [`POST /api/admin/payouts/${ID}/paid`]: decide('paid'),
    [`POST /api/admin/payouts/${ID}/reject`]: decide('rejected'),
  })
}

describe('PayoutsTable', () => {
  it('lists open requests first with the writer, amount and date', async () => {
    const fetch = payoutsServer()
    renderAt(<PayoutsTable />)
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked()
    const row = await screen.findByRole('row', { name: /Grace Okafor/ })
    expect(row).toHaveTextContent('grace@inkwell.test')
    expect(row).toHaveTextContent('$25.50')
    expect(row).toHaveTextContent('20 Nov 2026')
    expect(queryOf(callsTo(fetch, '/api/admin/payouts')[0][0]).status).toBe('open')
  })

  it('marks a request paid with the reference the dialog asks for', async () => {
    const fetch = payoutsServer()
    const { user } = renderAt(<PayoutsTable />)
    await user.click(await screen.findByRole('button', { name: 'Mark paid: Grace Okafor' }))
    const dialog = screen.getByRole('dialog', { name: 'Mark $25.50 to Grace Okafor paid?' })
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the transfer’s reference')

    await user.type(within(dialog).getByRole('textbox', { name: 'Payment reference' }), 'too long')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    expect(await within(dialog).findByText('Keep it shorter')).toBeInTheDocument()

    const reference = within(dialog).getByRole('textbox', { name: 'Payment reference' })
    await user.clear(reference)
    await user.type(reference, 'BANK-0042')
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const posts = callsTo(fetch, `/api/admin/payouts/${ID}/paid`)
    expect(bodyOf(posts.at(-1)?.[1])).toEqual({ reference: 'BANK-0042' })
    expect(await screen.findByText('No open payout requests')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Paid' }))
    const row = await screen.findByRole('row', { name: /Grace Okafor/ })
    expect(row).toHaveTextContent('Ref. BANK-0042')
    expect(within(row).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument()
  })

  it('rejects with a reason, saying the money returns to the writer', async () => {
    const fetch = payoutsServer()
    const { user } = renderAt(<PayoutsTable />)
    await user.click(await screen.findByRole('button', { name: 'Reject: Grace Okafor' }))
    const dialog = screen.getByRole('dialog', { name: 'Reject Grace Okafor’s request for $25.50?' })
    expect(dialog).toHaveTextContent('$25.50 returns to Grace Okafor’s available balance')
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bank details missing')
    await user.click(within(dialog).getByRole('button', { name: 'Reject and return $25.50' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodyOf(callsTo(fetch, `/api/admin/payouts/${ID}/reject`)[0][1])).toEqual({
      reason: 'Bank details missing',
    })
  })

  it('closes on Cancel without a request', async () => {
    const fetch = payoutsServer()
    const { user } = renderAt(<PayoutsTable />)
    await user.click(await screen.findByRole('button', { name: 'Reject: Grace Okafor' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, `/api/admin/payouts/${ID}/reject`)).toHaveLength(0)
  })
})
