import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { notificationQueries } from '#web/features/notifications/api/notification-queries.ts'
import { ORDER_ID, ORDER_PATH, order } from '#web/features/payments/order.fixtures.ts'
import { CONFIRMING_PATIENCE_MS } from '#web/features/payments/use-confirmation.ts'
import { meBody, notification } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import PaymentSuccess from './payment-success.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const renderSuccess = () =>
  renderRoutes(
    [{ path: '/payment/success', element: <PaymentSuccess /> }],
    `/payment/success?order=${ORDER_ID}`,
  )

/** The server's order: pending until the test says the provider's event has landed. */
function serverOrder() {
  let status: 'pending' | 'paid' | 'refunded' = 'pending'
  const fetch = stubFetch({
    '/api/me': jsonResponse(meBody()),
    [ORDER_PATH]: () => jsonResponse(order(status === 'pending' ? {} : { status, checkoutUrl: null })),
  })
  return { fetch, pay: () => (status = 'paid'), refund: () => (status = 'refunded') }
}

const orderPaid = (orderId: string) =>
  notification({ kind: 'order_paid', message: 'Payment received', link: `/payment/success?order=${orderId}` })

describe('Payment success', () => {
  it('shows "Confirming…" until the order_paid notification arrives, then what was bought and where', async () => {
    fakeAuth.signedIn()
    const { fetch, pay } = serverOrder()
    const { queryClient } = renderSuccess()
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument()
    expect(callsTo(fetch, ORDER_PATH)).toHaveLength(1)

    // Another order's notification changes nothing.
    act(() =>
      queryClient.setQueryData(notificationQueries.latest().queryKey, {
        items: [orderPaid('other')],
        unreadCount: 1,
      }),
    )
    await new Promise((r) => setTimeout(r, 20))
    expect(callsTo(fetch, ORDER_PATH)).toHaveLength(1)

    pay()
    // What the stream does when the server's notification comes in.
    act(() =>
      queryClient.setQueryData(notificationQueries.latest().queryKey, {
        items: [orderPaid(ORDER_ID), orderPaid('other')],
        unreadCount: 2,
      }),
    )
    expect(
      await screen.findByRole('heading', { name: "You're subscribed to Grace Okafor" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Grace Okafor’s page' })).toHaveAttribute(
      'href',
      '/writer/writer-1',
    )
    expect(callsTo(fetch, ORDER_PATH)).toHaveLength(2)
  })

  it('a second payment for what the buyer has: "Confirming…" ends when its refund is announced', async () => {
    fakeAuth.signedIn()
    const { fetch, refund } = serverOrder()
    const { queryClient } = renderSuccess()
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument()
    refund()
    act(() =>
      queryClient.setQueryData(notificationQueries.latest().queryKey, {
        items: [
          notification({
            kind: 'order_refunded',
            message: 'You already have this: your second payment of $5.00 is being refunded.',
            link: `/payment?order=${ORDER_ID}`,
          }),
        ],
        unreadCount: 1,
      }),
    )
    expect(await screen.findByRole('heading', { name: 'This order is refunded' })).toBeInTheDocument()
    expect(screen.getByText(/Its payment is refunded to you/)).toBeInTheDocument()
    expect(callsTo(fetch, ORDER_PATH)).toHaveLength(2)
  })

  it('a paid book says it is yours, with Start reading and the library', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      [ORDER_PATH]: jsonResponse(
        order({
          status: 'paid',
          checkoutUrl: null,
          item: {
            kind: 'book',
            id: 'book-1',
            title: 'The Quiet Atlas',
            seller: { id: 'writer-1', name: 'Grace Okafor' },
          },
        }),
      ),
    })
    renderSuccess()
    expect(await screen.findByRole('heading', { name: '“The Quiet Atlas” is yours' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', '/read/book-1')
    expect(screen.getByRole('link', { name: 'Your library' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Paid today')
  })

  it('reads the order again once on focus, no more, and says when it takes longer than usual', async () => {
    fakeAuth.signedIn()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    try {
      const { fetch } = serverOrder()
      renderSuccess()
      expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument()
      act(() => window.dispatchEvent(new Event('focus')))
      act(() => window.dispatchEvent(new Event('focus')))
      await vi.waitFor(() => expect(callsTo(fetch, ORDER_PATH)).toHaveLength(2))

      expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument()
      act(() => vi.advanceTimersByTime(CONFIRMING_PATIENCE_MS))
      expect(
        screen.getByText(/This is taking longer than usual — we'll e-mail your receipt when it's confirmed/),
      ).toHaveTextContent(ORDER_ID)
      expect(callsTo(fetch, ORDER_PATH)).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows a paid order at once', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      [ORDER_PATH]: jsonResponse(order({ status: 'paid', checkoutUrl: null })),
    })
    renderSuccess()
    expect(
      await screen.findByRole('heading', { name: "You're subscribed to Grace Okafor" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Paid today$5.00')
  })

  it('says so when the order is not this person’s', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      [ORDER_PATH]: errorResponse(404, 'not_found', 'This order does not exist'),
    })
    renderSuccess()
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument()
  })
})
