import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { platformTotals } from '#web/test/builders.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { sumMonths, Totals } from './totals.tsx'

// Two months with money at the end of the year: October (a refund) and November.
const MONEY = [
  { sales: 4, gross: 4000, fees: 600, net: 3400, refunds: 1000 },
  { sales: 2, gross: 1998, fees: 298, net: 1700, refunds: 0 },
]

/** The card of one count: its term and what it says. */
const card = (name: string) => screen.getByText(name, { selector: 'dt' }).closest('div') as HTMLElement

describe('sumMonths', () => {
  it('adds every figure of every month', () => {
    expect(sumMonths(platformTotals({}, MONEY).months)).toEqual({
      sales: 6,
      gross: 5998,
      fees: 898,
      net: 5100,
      refunds: 1000,
    })
    expect(sumMonths([])).toEqual({ sales: 0, gross: 0, fees: 0, net: 0, refunds: 0 })
  })
})

describe('Totals', () => {
  it('shows the counts, each open one leading to the tab where it is handled', async () => {
    stubFetch({ '/api/admin/totals': jsonResponse(platformTotals({}, MONEY)) })
    renderAt(<Totals />, '/admin?tab=totals')
    expect(await screen.findByText('1,204')).toBeInTheDocument()
    expect(card('Accounts')).toHaveTextContent('1,204')
    expect(card('Writers')).toHaveTextContent('87Published a post, book or exam')
    expect(card('Posts')).toHaveTextContent('640')
    expect(card('Books')).toHaveTextContent('21')
    expect(card('Exams')).toHaveTextContent('35')
    expect(card('Open payout requests')).toHaveTextContent('2$45.50 requested')
    expect(within(card('Open reports')).getByRole('link', { name: 'Go to reports' })).toHaveAttribute(
      'href',
      '/admin?tab=reports',
    )
    expect(within(card('Open payout requests')).getByRole('link', { name: 'Go to payouts' })).toHaveAttribute(
      'href',
      '/admin?tab=payouts',
    )
    expect(within(card('Open messages')).getByRole('link', { name: 'Go to messages' })).toHaveAttribute(
      'href',
      '/admin?tab=messages',
    )
  })

  it('sums the period and draws gross, fees and net by month, with the same figures as a table', async () => {
    const fetch = stubFetch({ '/api/admin/totals': jsonResponse(platformTotals({}, MONEY)) })
    const { user } = renderAt(<Totals />)
    const money = await screen.findByRole('region', { name: 'Money' })
    expect(queryOf(fetch.mock.calls[0][0])).toEqual({ months: '12' })
    const figure = (term: string) => within(money).getByText(term, { selector: 'dt' }).nextElementSibling
    expect(figure('Sales and renewals')).toHaveTextContent('6')
    expect(figure('Gross')).toHaveTextContent('$59.98')
    expect(figure('Fees')).toHaveTextContent('$8.98')
    expect(figure('Net to writers')).toHaveTextContent('$51.00')
    expect(figure('Refunds')).toHaveTextContent('$10.00')

    const chart = within(money).getByRole('figure', { name: 'Gross, fees and net by month, last 12 months' })
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }))
    const rows = within(chart).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(rows[1]).toHaveTextContent('December 2025$0.00$0.00$0.00')
    expect(rows[11]).toHaveTextContent('October 2026$40.00$6.00$34.00')
    expect(rows[12]).toHaveTextContent('November 2026$19.98$2.98$17.00')
  })

  it('asks for another period when the admin picks one', async () => {
    const fetch = stubFetch({
      '/api/admin/totals': (url) =>
        jsonResponse(
          platformTotals(
            {},
            Array.from({ length: Number(queryOf(url).months) }, () => MONEY[1]),
          ),
        ),
    })
    const { user } = renderAt(<Totals />)
    await screen.findByRole('figure', { name: /last 12 months/ })
    await user.click(screen.getByRole('radio', { name: '2 years' }))
    expect(await screen.findByRole('figure', { name: /last 24 months/ })).toBeInTheDocument()
    expect(callsTo(fetch, '/api/admin/totals').map(([url]) => queryOf(url).months)).toEqual(['12', '24'])
  })

  it('says when there has been no money in the period, and keeps the counts', async () => {
    stubFetch({ '/api/admin/totals': jsonResponse(platformTotals()) })
    renderAt(<Totals />)
    expect(await screen.findByText('No sales yet')).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
    expect(card('Accounts')).toHaveTextContent('1,204')
  })

  it('shows a skeleton while loading, and the reason with Try again when the totals fail', async () => {
    let fail = true
    stubFetch({
      '/api/admin/totals': () =>
        fail
          ? errorResponse(503, 'unavailable', 'The database is busy')
          : jsonResponse(platformTotals({}, MONEY)),
    })
    const { user } = renderAt(<Totals />)
    expect(screen.getByRole('status', { name: 'Loading the platform totals' })).toBeInTheDocument()
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent("We couldn't load the platform totals. The database is busy")
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(card('Accounts')).toHaveTextContent('1,204'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
