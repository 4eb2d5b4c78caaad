import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EarningLine, EarningsSummary } from '#common/schemas/earnings.ts'
import { bodyOf, callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { EarningsScreen } from './earnings-screen.tsx'
import { dollarsToCents } from './payout-request.tsx'

const summary = (over: Partial<EarningsSummary> = {}): EarningsSummary => ({
  currency: 'USD',
  pending: 850,
  available: 4250,
  payoutPending: 0,
  paidOut: 10000,
  owed: 0,
  lifetime: { gross: 20000, fees: 3000, net: 17000 },
  refundWindowDays: 14,
  payoutMinimum: 1000,
  ...over,
})

const line = (n: number, over: Partial<EarningLine> = {}): EarningLine => ({
  id: `line-${n}`,
  kind: 'sale',
  createdAt: '2026-11-02T10:00:00.000Z',
  description: `Book sale: “Book ${n}”`,
  item: { kind: 'book', title: `Book ${n}` },
  payoutId: null,
  currency: 'USD',
  gross: 1000,
  fee: 150,
  net: 850,
  pending: 850,
  available: 0,
  payoutPending: 0,
  owed: 0,
  ...over,
})

const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  gross: i === 10 ? 2000 : 0,
  fees: i === 10 ? 300 : 0,
  net: i === 10 ? 1700 : 0,
}))

function stub(routes: NonNullable<Parameters<typeof stubFetch>[0]> = {}) {
  return stubFetch({
    '/api/me/earnings': jsonResponse(summary()),
    '/api/me/earnings/monthly': jsonResponse({ currency: 'USD', months: MONTHS }),
    '/api/me/earnings/history': jsonResponse({ items: [line(1)], nextCursor: null }),
    '/api/me/payouts': jsonResponse({ items: [], nextCursor: null }),
    ...routes,
  })
}

describe('dollarsToCents', () => {
  it('reads dollars and cents exactly', () => {
    expect(dollarsToCents('12')).toBe(1200)
    expect(dollarsToCents('12.5')).toBe(1250)
    expect(dollarsToCents('$ 0.07')).toBe(7)
    expect(dollarsToCents('19.99')).toBe(1999)
    expect(dollarsToCents('1.234')).toBeNull()
    expect(dollarsToCents('ten')).toBeNull()
    expect(dollarsToCents('')).toBeNull()
  })
})

describe('Earnings screen', () => {
  it('shows the balances with the refund window and the lifetime totals', async () => {
    stub()
    renderAt(<EarningsScreen />)
    const balances = await screen.findByRole('region', { name: 'Balances' })
    expect(within(balances).getByText('Available').parentElement).toHaveTextContent('$42.50')
    expect(balances).toHaveTextContent('Available after 14 days')
    expect(balances).toHaveTextContent('$200.00 from readers, less $30.00 in fees: $170.00 earned')
  })

  it('explains an amount owed', async () => {
    stub({ '/api/me/earnings': jsonResponse(summary({ owed: -500 })) })
    renderAt(<EarningsScreen />)
    expect(await screen.findByText('You owe $5.00.')).toBeInTheDocument()
  })

  it('gives the chart as a table for screen readers, and on screen after Show as table', async () => {
    stub()
    const { user } = renderAt(<EarningsScreen />)
    const table = await screen.findByRole('table', { name: 'Earnings by month, last 12 months' })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    const november = within(table).getByRole('row', { name: /November 2026/ })
    expect(november).toHaveTextContent('$20.00$3.00$17.00')
    expect(table.parentElement).toHaveClass('sr-only')
    await user.click(screen.getByRole('button', { name: 'Show as table' }))
    expect(screen.getByRole('table', { name: 'Earnings by month, last 12 months' })).not.toHaveClass(
      'sr-only',
    )
    expect(screen.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('requests a payout in cents, checking the minimum and the available balance first', async () => {
    const fetch = stub({
      'POST /api/me/payouts': jsonResponse(
        {
          id: '0190a0a0-0000-7000-8000-000000000001',
          amount: 2550,
          currency: 'USD',
          status: 'open',
          reference: null,
          reason: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          decidedAt: null,
        },
        201,
      ),
    })
    const { user } = renderAt(<EarningsScreen />)
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' })
    const submit = screen.getByRole('button', { name: 'Request payout' })

    await user.type(amount, '9.99')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('The smallest payout is $10.00')
    await user.clear(amount)
    await user.type(amount, '42.51')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('You have $42.50 available')
    expect(callsTo(fetch, '/api/me/payouts').filter(([, init]) => init?.method === 'POST')).toHaveLength(0)

    await user.clear(amount)
    await user.type(amount, '25.5')
    await user.click(submit)
    await waitFor(() =>
      expect(callsTo(fetch, '/api/me/payouts').filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    )
    const [, init] = callsTo(fetch, '/api/me/payouts').find(([, i]) => i?.method === 'POST') ?? []
    expect(bodyOf(init)).toEqual({ amount: 2550 })
  })

  it('puts the server’s field message under the amount', async () => {
    stub({
      'POST /api/me/payouts': jsonResponse(
        {
          error: {
            code: 'validation',
            message: 'Check the form',
            fields: { amount: 'More than you have available' },
          },
        },
        400,
      ),
    })
    const { user } = renderAt(<EarningsScreen />)
    await user.type(await screen.findByRole('textbox', { name: 'Amount (USD)' }), '20')
    await user.click(screen.getByRole('button', { name: 'Request payout' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('More than you have available')
    expect(screen.getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute('aria-invalid', 'true')
  })

  it('is disabled, saying why, while a request is open', async () => {
    stub({ '/api/me/earnings': jsonResponse(summary({ payoutPending: 2000 })) })
    renderAt(<EarningsScreen />)
    expect(await screen.findByText(/You have a payout request of \$20.00 open/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Amount (USD)' })).toBeDisabled()
  })

  it('is disabled, saying why, below the minimum', async () => {
    stub({ '/api/me/earnings': jsonResponse(summary({ available: 999 })) })
    renderAt(<EarningsScreen />)
    expect(
      await screen.findByText('The smallest payout is $10.00; you have $9.99 available.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled()
  })

  it('filters the history by month, loads more, and exports that month', async () => {
    const fetch = stub({
      '/api/me/earnings/history': (url: string) => {
        const q = queryOf(url)
        if (q.cursor) return jsonResponse({ items: [line(3)], nextCursor: null })
        if (q.month) return jsonResponse({ items: [line(2)], nextCursor: 'next' })
        return jsonResponse({ items: [line(1)], nextCursor: null })
      },
    })
    const { user } = renderAt(<EarningsScreen />)
    const history = await screen.findByRole('region', { name: 'History' })
    expect(await within(history).findByText('Book sale: “Book 1”')).toBeInTheDocument()
    expect(within(history).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()

    const month = within(history).getByRole('combobox', { name: 'Month' })
    const value = within(month).getAllByRole('option')[1].getAttribute('value') ?? ''
    await user.selectOptions(month, value)
    expect(await within(history).findByText('Book sale: “Book 2”')).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/me/earnings/history').at(-1)?.[0]).month).toBe(value)
    expect(within(history).getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      `/api/me/earnings/export.csv?month=${value}`,
    )

    await user.click(within(history).getByRole('button', { name: 'Load more' }))
    expect(await within(history).findByText('Book sale: “Book 3”')).toBeInTheDocument()
    expect(within(history).getByText('Book sale: “Book 2”')).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/me/earnings/history').at(-1)?.[0])).toMatchObject({
      month: value,
      cursor: 'next',
    })
  })
})
