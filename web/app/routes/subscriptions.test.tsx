import { screen, waitFor, within } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { MySubscription, Subscriber } from '#common/schemas/subscriptions.ts'
import { RequireAuth } from '#web/app/guards.tsx'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, landedAt, renderAt, renderRoutes } from '#web/test/render.tsx'
import Subscriptions from './subscriptions.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const uuid = (n: number) => `5a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`
const END = '2099-12-12T10:00:00.000Z'

function mine(n: number, overrides: Partial<MySubscription> = {}): MySubscription {
  return MySubscription.parse({
    id: uuid(n),
    kind: 'paid',
    status: 'active',
    pricePaid: 500,
    currency: 'USD',
    currentPeriodEnd: END,
    renewsAt: END,
    createdAt: '2026-11-12T09:00:00.000Z',
    writer: { id: `writer-${n}`, name: `Writer ${n}`, image: null },
    ...overrides,
  })
}

function subscriber(n: number, overrides: Partial<Subscriber> = {}): Subscriber {
  return Subscriber.parse({
    id: uuid(100 + n),
    kind: 'free',
    status: 'active',
    pricePaid: 0,
    currency: 'USD',
    currentPeriodEnd: null,
    renewsAt: null,
    createdAt: '2026-10-03T09:00:00.000Z',
    subscriber: { id: `reader-${n}`, name: `Reader ${n}`, image: null },
    ...overrides,
  })
}

const page = (items: unknown[], nextCursor: string | null = null) => jsonResponse({ items, nextCursor })
const subscribersPage = (items: Subscriber[], nextCursor: string | null = null, monthlyPrice = 500) =>
  jsonResponse({ items, nextCursor, paidCount: 3, freeCount: 12, monthlyPrice })

const noneImported = () =>
  jsonResponse({
    items: [],
    nextCursor: null,
    counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
  })

const show = (routes: Parameters<typeof stubFetch>[0], path = '/subscriptions') => {
  fakeAuth.signedIn()
  // The Subscribers tab also reads the addresses imported from a CSV (none here).
  const fetch = stubFetch({ '/api/me/subscribers/imported': noneImported, ...routes })
  return { fetch, ...renderAt(<Subscriptions />, path) }
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement

describe('Subscriptions: Following', () => {
  it('lists whom I follow or pay, with price and renewal or end, and loads more', async () => {
    const { fetch, user } = show({
      '/api/me/subscriptions': (url) =>
        queryOf(url).cursor === 'c1'
          ? page([mine(3, { kind: 'free', pricePaid: 0, currentPeriodEnd: null, renewsAt: null })])
          : page([mine(1), mine(2, { status: 'cancelled', renewsAt: null, pricePaid: 400 })], 'c1'),
    })

    expect(await screen.findByRole('tab', { name: 'Following', selected: true })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Writer 1' })).toHaveAttribute('href', '/writer/writer-1')
    expect(row('Writer 1')).toHaveTextContent('$5.00 / month·Renews 12 Dec 2099')
    expect(row('Writer 2')).toHaveTextContent('$4.00 / month·Ends 12 Dec 2099')

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Writer 3' })).toBeInTheDocument()
    expect(row('Writer 3')).toHaveTextContent('Free·Following since 12 Nov 2026')
    expect(screen.getByRole('button', { name: 'Unfollow Writer 3' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(callsTo(fetch, '/api/me/subscriptions').map(([url]) => queryOf(url).cursor)).toEqual([
      undefined,
      'c1',
    ])
  })

  it('cancels a paid subscription after a confirmation that says access lasts to the period end', async () => {
    const { fetch, user } = show({
      '/api/me/subscriptions': page([mine(1)]),
      [`POST /api/subscriptions/${uuid(1)}/cancel`]: jsonResponse(
        mine(1, { status: 'cancelled', renewsAt: null }),
      ),
    })

    await user.click(await screen.findByRole('button', { name: 'Cancel your subscription to Writer 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription to Writer 1?' })
    expect(dialog).toHaveAccessibleDescription(/You keep access until 12 Dec 2099/)

    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, '/cancel')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Cancel your subscription to Writer 1' }))
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetch, `/api/subscriptions/${uuid(1)}/cancel`)).toHaveLength(1)
    expect(row('Writer 1')).toHaveTextContent('Ends 12 Dec 2099')
    expect(screen.getByRole('button', { name: 'Resume your subscription to Writer 1' })).toBeInTheDocument()
  })

  it('resumes a cancelled subscription before its end, and offers nothing once it has ended', async () => {
    const cancelled = { status: 'cancelled' as const, renewsAt: null }
    const { fetch, user } = show({
      '/api/me/subscriptions': page([
        mine(1, cancelled),
        mine(2, { ...cancelled, currentPeriodEnd: '2020-01-01T00:00:00.000Z' }),
      ]),
      [`POST /api/subscriptions/${uuid(1)}/resume`]: jsonResponse(mine(1)),
    })

    await user.click(await screen.findByRole('button', { name: 'Resume your subscription to Writer 1' }))
    await waitFor(() => expect(row('Writer 1')).toHaveTextContent('Renews 12 Dec 2099'))
    expect(callsTo(fetch, `/api/subscriptions/${uuid(1)}/resume`)).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Cancel your subscription to Writer 1' })).toBeInTheDocument()
    expect(row('Writer 2')).toHaveTextContent('Ends 1 Jan 2020')
    expect(within(row('Writer 2')).queryByRole('button')).not.toBeInTheDocument()
  })

  it('unfollows a free writer, who leaves the list', async () => {
    const free = { kind: 'free' as const, pricePaid: 0, currentPeriodEnd: null, renewsAt: null }
    const { fetch, user } = show({
      '/api/me/subscriptions': page([mine(1, free), mine(2, free)]),
      'DELETE /api/writers/writer-1/follow': () => new Response(null, { status: 204 }),
    })

    await user.click(await screen.findByRole('button', { name: 'Unfollow Writer 1' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Writer 1' })).not.toBeInTheDocument())
    expect(callsTo(fetch, '/api/writers/writer-1/follow')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Writer 2' })).toBeInTheDocument()
  })

  it('says what to do when I follow no one', async () => {
    show({ '/api/me/subscriptions': page([]) })
    expect(await screen.findByText("You don't follow anyone yet")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find writers' })).toHaveAttribute('href', '/profile')
  })

  it('says what failed and tries again', async () => {
    let fail = true
    const { user } = show({
      '/api/me/subscriptions': () =>
        fail ? errorResponse(403, 'forbidden', 'Not for you') : page([mine(1)]),
    })
    expect(await screen.findByText("We couldn't load whom you follow.")).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Writer 1' })).toBeInTheDocument()
  })
})

describe('Subscriptions: Subscribers', () => {
  it('counts paid and free apart, shows my price with a way to change it, and lists subscribers', async () => {
    const { user } = show({
      '/api/me/subscriptions': page([]),
      '/api/me/subscribers': (url) =>
        queryOf(url).cursor === 's1'
          ? subscribersPage([subscriber(2)])
          : subscribersPage([subscriber(1, { kind: 'paid', pricePaid: 500 })], 's1'),
    })

    await user.click(await screen.findByRole('tab', { name: 'Subscribers' }))
    expect(await screen.findByText('Reader 1')).toBeInTheDocument()
    const panel = screen.getByRole('tabpanel', { name: 'Subscribers' })
    expect(panel).toHaveTextContent('3 paid·12 free')
    expect(panel).toHaveTextContent('Your price: $5.00 / month')
    expect(screen.getByRole('link', { name: 'Change in settings' })).toHaveAttribute(
      'href',
      '/settings#subscription-price',
    )
    expect(screen.getByText('Reader 1').closest('li')).toHaveTextContent('PaidSince 3 Oct 2026')

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Reader 2')).toBeInTheDocument()
    expect(screen.getByText('Reader 2').closest('li')).toHaveTextContent('FreeSince 3 Oct 2026')
  })

  it('opens on the tab the address names, and says what to do with no subscribers', async () => {
    show({ '/api/me/subscribers': subscribersPage([], null, 0) }, '/subscriptions?tab=subscribers')
    expect(await screen.findByText('No subscribers yet')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Subscribers', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Your price: Free')
  })

  it('says what failed and tries again', async () => {
    let fail = true
    const { user } = show(
      {
        '/api/me/subscribers': () =>
          fail ? errorResponse(500, 'internal', 'Something broke') : subscribersPage([subscriber(1)]),
      },
      '/subscriptions?tab=subscribers',
    )
    expect(
      await screen.findByText("We couldn't load your subscribers.", {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Reader 1')).toBeInTheDocument()
  })
})

describe('Subscriptions: signed out', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    fakeAuth.signedOut()
    stubFetch({})
    const routes: RouteObject[] = [
      { Component: RequireAuth, children: [{ path: '/subscriptions', element: <Subscriptions /> }] },
      { path: '*', element: <LocationProbe /> },
    ]
    renderRoutes(routes, '/subscriptions?tab=subscribers')
    expect(await landedAt()).toBe(`/login?redirectTo=${encodeURIComponent('/subscriptions?tab=subscribers')}`)
  })
})
