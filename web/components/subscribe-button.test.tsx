import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ORDER_ID, order } from '#web/features/payments/order.fixtures.ts'
import { meBody, writerProfile } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import { SubscribeButton } from './subscribe-button.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const PROFILE = '/api/writers/writer-1'
const FOLLOW = '/api/writers/writer-1/follow'

const signedIn = (routes: Parameters<typeof stubFetch>[0]) => {
  fakeAuth.signedIn()
  return stubFetch({ '/api/me': jsonResponse(meBody()), ...routes })
}
const renderButton = () => renderAt(<SubscribeButton writerId="writer-1" />, '/writer/writer-1')

describe('SubscribeButton', () => {
  it('follows a free writer at once, then offers to unfollow', async () => {
    // The server's state: the profile answers what the last follow or unfollow left.
    const follow = { kind: 'free' as const, status: 'active' as const, currentPeriodEnd: null, pricePaid: 0 }
    let viewerSubscription: typeof follow | null = null
    const fetch = signedIn({
      [PROFILE]: () => jsonResponse(writerProfile({ monthlyPrice: 0, viewerSubscription })),
      [`POST ${FOLLOW}`]: () => {
        viewerSubscription = follow
        return jsonResponse(follow, 201)
      },
      [`DELETE ${FOLLOW}`]: () => {
        viewerSubscription = null
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderButton()
    await user.click(await screen.findByRole('button', { name: 'Follow Grace Okafor' }))
    const following = await screen.findByRole('button', { name: 'Following Grace Okafor' })
    expect(following).toHaveAttribute('aria-pressed', 'true')
    expect(callsTo(fetch, FOLLOW)[0][1]?.method).toBe('POST')

    await user.click(following)
    expect(await screen.findByRole('button', { name: 'Follow Grace Okafor' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(callsTo(fetch, FOLLOW).map(([, init]) => init?.method)).toEqual(['POST', 'DELETE'])
  })

  it('waits for the session before it can be pressed, so a signed-in reader is never sent to sign in', async () => {
    fakeAuth.pending()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      [PROFILE]: jsonResponse(writerProfile({ monthlyPrice: 500 })),
    })
    renderButton()
    const subscribe = await screen.findByRole('button', { name: 'Subscribe · $5/month' })
    expect(subscribe).toBeDisabled()
    act(() => fakeAuth.signedIn())
    expect(await screen.findByRole('button', { name: 'Subscribe · $5/month' })).toBeEnabled()
  })

  it('starts an order for a paid writer, priced by the server, and goes to its summary', async () => {
    const fetch = signedIn({
      [PROFILE]: jsonResponse(writerProfile({ monthlyPrice: 500 })),
      'POST /api/orders': jsonResponse(order(), 201),
    })
    const { user } = renderButton()
    await user.click(await screen.findByRole('button', { name: 'Subscribe · $5/month' }))
    expect(await landedAt()).toBe(`/payment?order=${ORDER_ID}`)
    expect(bodyOf(callsTo(fetch, '/api/orders')[0][1])).toEqual({
      kind: 'subscription',
      writerId: 'writer-1',
    })
  })

  it('shows a paid subscription as Subscribed, and a cancelled one with the date access ends', async () => {
    const paid = { kind: 'paid' as const, currentPeriodEnd: '2026-12-24T10:00:00.000Z', pricePaid: 500 }
    signedIn({
      [PROFILE]: jsonResponse(
        writerProfile({ monthlyPrice: 500, viewerSubscription: { ...paid, status: 'active' } }),
      ),
    })
    const first = renderButton()
    expect(await screen.findByText('Subscribed')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    first.unmount()

    signedIn({
      [PROFILE]: jsonResponse(
        writerProfile({ monthlyPrice: 500, viewerSubscription: { ...paid, status: 'cancelled' } }),
      ),
    })
    renderButton()
    expect(await screen.findByText('Subscribed until 24 Dec 2026')).toBeInTheDocument()
  })

  it('asks a free follower of a writer who now charges to subscribe', async () => {
    signedIn({
      [PROFILE]: jsonResponse(
        writerProfile({
          monthlyPrice: 750,
          viewerSubscription: { kind: 'free', status: 'active', currentPeriodEnd: null, pricePaid: 0 },
        }),
      ),
    })
    renderButton()
    expect(await screen.findByRole('button', { name: 'Subscribe · $7.50/month' })).toBeInTheDocument()
  })

  it('sends someone signed out to sign in and back, with nothing bought', async () => {
    const fetch = stubFetch({ [PROFILE]: jsonResponse(writerProfile({ monthlyPrice: 500 })) })
    const { user } = renderButton()
    await user.click(await screen.findByRole('button', { name: 'Subscribe · $5/month' }))
    expect(await landedAt()).toBe(`/login?redirectTo=${encodeURIComponent('/writer/writer-1')}`)
    expect(callsTo(fetch, '/api/orders')).toHaveLength(0)
  })

  it('offers the writer nothing on their own work', async () => {
    fakeAuth.signedIn({ id: 'writer-1' })
    stubFetch({
      '/api/me': jsonResponse(meBody({ id: 'writer-1' })),
      [PROFILE]: jsonResponse(writerProfile({ monthlyPrice: 500 })),
    })
    renderButton()
    await vi.waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument())
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
