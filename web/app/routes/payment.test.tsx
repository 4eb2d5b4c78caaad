import { screen } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ORDER_ID, ORDER_PATH, order } from '#web/features/payments/order.fixtures.ts'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, landedAt, renderRoutes } from '#web/test/render.tsx'
import Payment from './payment.tsx'
import PaymentCheckout from './payment-checkout.tsx'
import PaymentError from './payment-error.tsx'
import PaymentFailed from './payment-failed.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const routes: RouteObject[] = [
  { path: '/payment', element: <Payment /> },
  { path: '/payment/checkout/:orderId', element: <PaymentCheckout /> },
  { path: '/payment/failed', element: <PaymentFailed /> },
  { path: '/payment/error', element: <PaymentError /> },
  { path: '*', element: <LocationProbe /> },
]

const signedIn = (routes: Parameters<typeof stubFetch>[0]) => {
  fakeAuth.signedIn()
  return stubFetch({ '/api/me': jsonResponse(meBody()), ...routes })
}

describe('Payment screens', () => {
  it('summarises the order (what, who, price, what happens next) and hands Pay to its checkout', async () => {
    signedIn({ [ORDER_PATH]: jsonResponse(order()) })
    renderRoutes(routes, `/payment?order=${ORDER_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your order' })).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Order summary' })
    expect(summary).toHaveTextContent('Subscription to Grace Okafor')
    expect(summary).toHaveTextContent('Billed monthly · paid to Grace Okafor')
    expect(summary).toHaveTextContent('$5.00')
    expect(summary).toHaveTextContent(ORDER_ID)
    expect(
      screen.getByText(
        "You'll be charged $5.00 today and every month until you cancel. Cancel any time; you keep access until the end of the paid month.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay $5.00' })).toHaveAttribute(
      'href',
      `/payment/checkout/${ORDER_ID}`,
    )
  })

  it('draws Pay as the link it is (it goes to the checkout), saying where it goes', async () => {
    signedIn({ [ORDER_PATH]: jsonResponse(order()) })
    renderRoutes(routes, `/payment?order=${ORDER_ID}`)
    const pay = await screen.findByRole('link', { name: 'Pay $5.00' })
    expect(pay).toHaveAccessibleDescription('on the secure checkout page')
    // Underlined like a link, not a filled box like a button.
    expect(pay).toHaveClass('underline')
    expect(pay.className).not.toMatch(/\bbg-|\bh-12\b/)
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Not now, back to Grace Okafor’s page' })).toHaveClass(
      'underline',
    )
  })

  it('offers nothing to pay on an order already paid', async () => {
    signedIn({ [ORDER_PATH]: jsonResponse(order({ status: 'paid', checkoutUrl: null })) })
    renderRoutes(routes, `/payment?order=${ORDER_ID}`)
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See your receipt' })).toHaveAttribute(
      'href',
      `/payment/success?order=${ORDER_ID}`,
    )
  })

  it.each([
    ['/payment', `/payment?order=${ORDER_ID}`],
    ['the checkout', `/payment/checkout/${ORDER_ID}`],
    ['/payment/failed', `/payment/failed?order=${ORDER_ID}`],
    ['/payment/error', `/payment/error?order=${ORDER_ID}`],
  ])('%s: someone else’s or an unknown order is not found, with a way back', async (_, path) => {
    signedIn({ [ORDER_PATH]: errorResponse(404, 'not_found', 'This order does not exist') })
    renderRoutes(routes, path)
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('says not found for a missing or malformed order id, asking nothing that cannot answer', async () => {
    const fetch = signedIn({ '/api/orders/nope': errorResponse(400, 'bad_request', 'Unknown order') })
    const first = renderRoutes(routes, '/payment')
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument()
    expect(callsTo(fetch, '/api/orders/')).toHaveLength(0)
    first.unmount()
    renderRoutes(routes, '/payment/failed?order=nope')
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument()
  })

  it.each([
    `/payment?order=${ORDER_ID}`,
    `/payment/checkout/${ORDER_ID}`,
    `/payment/error?order=${ORDER_ID}`,
  ])('%s sends someone signed out to sign in and back, asking nothing of the API', async (path) => {
    const fetch = stubFetch()
    renderRoutes(routes, path)
    expect(await landedAt()).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows a failed load with a way to try again', async () => {
    signedIn({ [ORDER_PATH]: errorResponse(503, 'internal', 'Inkwell is busy') })
    renderRoutes(routes, `/payment?order=${ORDER_ID}`)
    expect(await screen.findByText("We couldn't load your order.", {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('labels the checkout as a test, and each choice goes where the sandbox answers', async () => {
    const fetch = signedIn({
      [ORDER_PATH]: jsonResponse(order()),
      [`POST /api/payments/sandbox/${ORDER_ID}/pay`]: jsonResponse({
        redirectTo: `/payment/failed?order=${ORDER_ID}`,
      }),
    })
    const { user } = renderRoutes(routes, `/payment/checkout/${ORDER_ID}`)
    expect(await screen.findByText('Test checkout — no real money moves.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay $5.00' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Simulate an error' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Decline card' }))
    expect(await screen.findByRole('heading', { name: "Your payment didn't go through" })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/pay')[0][1])).toEqual({ outcome: 'decline' })
  })

  it('offers Try again on a failed payment: asks for a checkout that can still be paid, and goes there', async () => {
    const fetch = signedIn({
      [ORDER_PATH]: jsonResponse(order({ status: 'failed' })),
      [`POST ${ORDER_PATH}/checkout`]: jsonResponse(order({ status: 'failed' })),
    })
    const { user } = renderRoutes(routes, `/payment/failed?order=${ORDER_ID}`)
    const tryAgain = await screen.findByRole('link', { name: 'Try again' })
    // Without the script, the link is still the order's current checkout.
    expect(tryAgain).toHaveAttribute('href', `/payment/checkout/${ORDER_ID}`)
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Not charged')
    await user.click(tryAgain)
    expect(await screen.findByText('Test checkout — no real money moves.')).toBeInTheDocument()
    expect(callsTo(fetch, '/checkout').map(([, init]) => init?.method)).toEqual(['POST'])
  })

  it('Try again goes to the checkout the server answers, not the expired one', async () => {
    signedIn({
      [ORDER_PATH]: jsonResponse(order({ status: 'failed', checkoutUrl: '/pay/old-session' })),
      [`POST ${ORDER_PATH}/checkout`]: jsonResponse(
        order({ status: 'failed', checkoutUrl: '/pay/new-session' }),
      ),
    })
    const { user } = renderRoutes(routes, `/payment/failed?order=${ORDER_ID}`)
    await user.click(await screen.findByRole('link', { name: 'Try again' }))
    expect(await landedAt()).toBe('/pay/new-session')
  })

  it('says a cancelled order was closed, and sends the buyer to start again from its page', async () => {
    signedIn({ [ORDER_PATH]: jsonResponse(order({ status: 'cancelled' })) })
    renderRoutes(routes, `/payment/failed?order=${ORDER_ID}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This order was closed' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/no money was taken/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Grace Okafor’s page' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull()
  })

  it('speaks of a book as a book: a one-off price, and its own page', async () => {
    const book = order({
      item: {
        kind: 'book',
        id: 'book-1',
        title: 'The Quiet Atlas',
        seller: { id: 'writer-1', name: 'Grace Okafor' },
      },
    })
    signedIn({ [ORDER_PATH]: jsonResponse(book) })
    renderRoutes(routes, `/payment?order=${ORDER_ID}`)
    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(summary).toHaveTextContent('The Quiet Atlas')
    expect(summary).toHaveTextContent('Book · paid to Grace Okafor')
    expect(summary).not.toHaveTextContent(/per month/)
    expect(screen.getByText(/charged \$5\.00 once/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Not now, back to “The Quiet Atlas”' })).toHaveAttribute(
      'href',
      '/read/book-1',
    )
  })

  it('stays on the page when the server refuses Try again', async () => {
    const fetch = signedIn({
      [ORDER_PATH]: jsonResponse(order({ status: 'failed' })),
      [`POST ${ORDER_PATH}/checkout`]: errorResponse(
        409,
        'conflict',
        'A payment for this order is already under way',
      ),
    })
    const { user } = renderRoutes(routes, `/payment/failed?order=${ORDER_ID}`)
    await user.click(await screen.findByRole('link', { name: 'Try again' }))
    await vi.waitFor(() => expect(callsTo(fetch, '/checkout')).toHaveLength(1))
    expect(await screen.findByRole('link', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: "Your payment didn't go through" })).toBeInTheDocument()
  })

  it('names the order reference on the error page, and how to reach us', async () => {
    signedIn({ [ORDER_PATH]: jsonResponse(order()) })
    renderRoutes(routes, `/payment/error?order=${ORDER_ID}`)
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong with your payment' }),
    ).toBeInTheDocument()
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  })
})
