import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { MonthlyPriceForm } from './monthly-price-form.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const HINT = 'Free (0) or between $1.00 and $100.00, in US dollars.'

function show(price: number, patch: () => Response = () => jsonResponse(meBody())) {
  let current = price
  const fetch = stubFetch({
    '/api/me/subscribers': () =>
      jsonResponse({ items: [], nextCursor: null, paidCount: 0, freeCount: 0, monthlyPrice: current }),
    'PATCH /api/me': (_url, init) => {
      const response = patch()
      if (response.ok) current = (bodyOf(init) as { monthlyPrice: number }).monthlyPrice
      return response
    },
  })
  return { fetch, ...renderAt(<MonthlyPriceForm />) }
}

const field = () => screen.findByRole('textbox', { name: 'Monthly subscription price' })

describe('MonthlyPriceForm', () => {
  it('shows the current price, and sends dollars as integer cents', async () => {
    const { fetch, user } = show(500)
    expect(await field()).toHaveValue('5.00')
    expect(screen.getByText('$5.00 / month')).toBeInTheDocument()
    expect(screen.getByText(HINT)).toBeInTheDocument()
    expect(
      screen.getByText(
        'Changing your price applies to new subscribers; current subscribers keep the price they signed up at.',
      ),
    ).toBeInTheDocument()

    await user.clear(await field())
    await user.type(await field(), '$4.99')
    await user.click(screen.getByRole('button', { name: 'Save price' }))

    expect(await screen.findByText('Your price is saved: $4.99 / month.')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/me').map(([, init]) => bodyOf(init))).toEqual([{ monthlyPrice: 499 }])
    expect(await screen.findByText('$4.99 / month')).toBeInTheDocument()
    expect(await field()).toHaveValue('4.99')
  })

  it('makes a writer free with 0', async () => {
    const { fetch, user } = show(1200)
    await user.clear(await field())
    await user.type(await field(), '0')
    await user.click(screen.getByRole('button', { name: 'Save price' }))
    expect(await screen.findByText('Your price is saved: Free.')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/me').map(([, init]) => bodyOf(init))).toEqual([{ monthlyPrice: 0 }])
  })

  it.each([
    ['0.50', 'Set a price between $1.00 and $100.00, or 0 for free'],
    ['100.01', 'Set a price between $1.00 and $100.00, or 0 for free'],
    ['4.999', 'Enter an amount in dollars, like 5 or 4.99'],
    ['five', 'Enter an amount in dollars, like 5 or 4.99'],
    ['', 'Enter an amount in dollars, like 5 or 4.99'],
  ])('refuses %j without a request: %s', async (typed, message) => {
    const { fetch, user } = show(0)
    await user.clear(await field())
    if (typed) await user.type(await field(), typed)
    await user.click(screen.getByRole('button', { name: 'Save price' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(await field()).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(fetch, '/api/me')).toHaveLength(0)
  })

  it("shows the server's field message on the field", async () => {
    const { user } = show(500, () =>
      jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Check the highlighted fields',
            fields: { monthlyPrice: 'Prices are paused while we check your payouts' },
          },
        },
        400,
      ),
    )
    await user.clear(await field())
    await user.type(await field(), '7')
    await user.click(screen.getByRole('button', { name: 'Save price' }))
    expect(await screen.findByText('Prices are paused while we check your payouts')).toBeInTheDocument()
    expect(await field()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('$5.00 / month')).toBeInTheDocument()
  })

  it('says when the price could not be loaded, and tries again', async () => {
    let fail = true
    stubFetch({
      '/api/me/subscribers': () =>
        fail
          ? errorResponse(403, 'forbidden', 'Not now')
          : jsonResponse({ items: [], nextCursor: null, paidCount: 0, freeCount: 0, monthlyPrice: 0 }),
    })
    const { user } = renderAt(<MonthlyPriceForm />)
    expect(await screen.findByText("We couldn't load your price.")).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await field()).toHaveValue('0')
  })
})
