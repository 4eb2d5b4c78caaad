import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { createWriter, notificationsOf, subscribePaid, subscriptionState } from './subscriptions.fixtures.ts'

const clock = createTestClock(new Date('2026-03-10T12:00:00.000Z'))
let t: TestApp
let paidWriter: TestUser
let freeWriter: TestUser
let reader: TestUser
let other: TestUser

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  paidWriter = await createWriter(t, 'Grace Paid', 500)
  freeWriter = await createWriter(t, 'Frank Free')
  reader = await createUser(t, { name: 'Rita Reader' })
  other = await createUser(t, { name: 'Oscar Other' })
})
afterAll(() => t.close())

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, body?: unknown) =>
  t.request({ method, url, cookie: user?.cookie, body })
const writerPage = (writer: TestUser, viewer?: TestUser) => send('GET', `/api/writers/${writer.id}`, viewer)
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe('signed out', () => {
  it('every subscription route answers 401 and writes nothing', async () => {
    const before = await subscriptionState(t)
    for (const [method, url, body] of [
      ['PATCH', '/api/me', { monthlyPrice: 300 }],
      ['POST', `/api/writers/${freeWriter.id}/follow`],
      ['DELETE', `/api/writers/${freeWriter.id}/follow`],
      ['POST', `/api/subscriptions/${UNKNOWN}/cancel`],
      ['POST', `/api/subscriptions/${UNKNOWN}/resume`],
      ['GET', '/api/me/subscriptions'],
      ['GET', '/api/me/subscribers'],
    ] as const) {
      expect((await send(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401)
    }
    expect(await subscriptionState(t)).toEqual(before)
  })
})

describe('the writer price (PATCH /api/me)', () => {
  it('refuses a price outside 0 or 1.00–100.00 with the field message, changing nothing', async () => {
    const before = await subscriptionState(t)
    for (const monthlyPrice of [1, 99, 10_001, -100, 250.5, '500', null]) {
      const res = await send('PATCH', '/api/me', other, { monthlyPrice })
      expect(res.statusCode, String(monthlyPrice)).toBe(400)
      expect(res.json().error.fields.monthlyPrice).toMatch(/\$1\.00 and \$100\.00, or 0 for free|whole cents/)
    }
    expect(await subscriptionState(t)).toEqual(before)
  })

  it('sets the price; the writer page shows it, and a subscription keeps what it was bought at', async () => {
    const writer = await createWriter(t, 'Pricey Writer')
    expect((await send('PATCH', '/api/me', writer, { monthlyPrice: 800 })).statusCode).toBe(200)
    expect((await writerPage(writer)).json().monthlyPrice).toBe(800)
    await subscribePaid(t, reader, writer)
    expect((await send('PATCH', '/api/me', writer, { monthlyPrice: 10_000 })).statusCode).toBe(200)
    expect((await writerPage(writer)).json().monthlyPrice).toBe(10_000)
    expect((await writerPage(writer, reader)).json().viewerSubscription.pricePaid).toBe(800)
    expect((await send('PATCH', '/api/me', writer, { monthlyPrice: 0 })).statusCode).toBe(200)
    expect((await send('GET', '/api/me/subscribers', writer)).json().monthlyPrice).toBe(0)
  })
})

describe('GET /api/writers/:writerId', () => {
  it('gives the price, and no viewer subscription when signed out or not subscribed', async () => {
    const publicPage = (await writerPage(paidWriter)).json()
    expect(publicPage).toMatchObject({ monthlyPrice: 500, viewerSubscription: null })
    expect((await writerPage(paidWriter, other)).json().viewerSubscription).toBeNull()
  })
})

describe('free follow', () => {
  it('follows a free writer at once, once, and tells the writer', async () => {
    const res = await send('POST', `/api/writers/${freeWriter.id}/follow`, reader)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ kind: 'free', status: 'active', currentPeriodEnd: null, pricePaid: 0 })
    const again = await send('POST', `/api/writers/${freeWriter.id}/follow`, reader)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect((await writerPage(freeWriter, reader)).json().viewerSubscription).toEqual(res.json())
    const told = (await notificationsOf(t, freeWriter)).filter((n) => n.kind === 'subscriber_new')
    expect(told).toEqual([
      { kind: 'subscriber_new', message: 'Rita Reader subscribed to you', link: '/subscriptions' },
    ])
  })

  it('refuses yourself (400), a paying writer (409) and an unknown one (404), writing nothing', async () => {
    const before = await subscriptionState(t)
    const self = await send('POST', `/api/writers/${freeWriter.id}/follow`, freeWriter)
    expect(self.statusCode).toBe(400)
    expect(self.json().error.fields.writerId).toMatch(/yourself/)
    const paying = await send('POST', `/api/writers/${paidWriter.id}/follow`, other)
    expect(paying.statusCode).toBe(409)
    expect(paying.json().error.message).toBe(
      'This writer has a paid subscription: subscribe through checkout',
    )
    expect((await send('POST', `/api/writers/${randomUUID()}/follow`, other)).statusCode).toBe(404)
    expect((await send('POST', '/api/writers/nobody/follow', other)).statusCode).toBe(400)
    expect((await send('POST', `/api/writers/${'x'.repeat(65)}/follow`, other)).statusCode).toBe(400)
    expect(await subscriptionState(t)).toEqual(before)
  })

  it('unfollow ends it at once; unfollowing again is fine; a paid one is cancelled instead', async () => {
    const follower = await createUser(t, { name: 'Fay Follower' })
    await send('POST', `/api/writers/${freeWriter.id}/follow`, follower)
    expect((await send('DELETE', `/api/writers/${freeWriter.id}/follow`, follower)).statusCode).toBe(204)
    expect((await writerPage(freeWriter, follower)).json().viewerSubscription).toBeNull()
    expect((await send('DELETE', `/api/writers/${freeWriter.id}/follow`, follower)).statusCode).toBe(204)
    // Following again starts a new one.
    expect((await send('POST', `/api/writers/${freeWriter.id}/follow`, follower)).statusCode).toBe(201)

    const payer = await createUser(t, { name: 'Pat Payer' })
    await subscribePaid(t, payer, paidWriter)
    expect((await send('DELETE', `/api/writers/${paidWriter.id}/follow`, payer)).statusCode).toBe(409)
    expect((await writerPage(paidWriter, payer)).json().viewerSubscription.status).toBe('active')
  })
})

describe('cancel and resume a paid subscription', () => {
  let payer: TestUser
  let id: string

  beforeAll(async () => {
    payer = await createUser(t, { name: 'Paula Payer' })
    await subscribePaid(t, payer, paidWriter)
    id = (await send('GET', '/api/me/subscriptions', payer)).json().items[0].id
  })

  it('answers 404 for another person’s subscription and an unknown one, 400 for a bad id, changing nothing', async () => {
    const before = await subscriptionState(t)
    for (const action of ['cancel', 'resume']) {
      expect((await send('POST', `/api/subscriptions/${id}/${action}`, other)).statusCode).toBe(404)
      expect((await send('POST', `/api/subscriptions/${id}/${action}`, paidWriter)).statusCode).toBe(404)
      expect((await send('POST', `/api/subscriptions/${UNKNOWN}/${action}`, payer)).statusCode).toBe(404)
      const bad = await send('POST', `/api/subscriptions/not-an-id/${action}`, payer)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.fields.id).toBe('Unknown subscription')
    }
    expect(await subscriptionState(t)).toEqual(before)
  })

  it('cancel keeps access to the period end, tells the writer once; resume renews again', async () => {
    const page = (await writerPage(paidWriter, payer)).json().viewerSubscription
    expect(page).toMatchObject({ kind: 'paid', status: 'active', pricePaid: 500 })
    expect(page.currentPeriodEnd).toBe('2026-04-10T12:00:00.000Z')

    const cancelled = await send('POST', `/api/subscriptions/${id}/cancel`, payer)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      id,
      kind: 'paid',
      status: 'cancelled',
      currentPeriodEnd: '2026-04-10T12:00:00.000Z',
      renewsAt: null,
      writer: { id: paidWriter.id, name: 'Grace Paid' },
    })
    expect((await send('POST', `/api/subscriptions/${id}/cancel`, payer)).json()).toEqual(cancelled.json())
    expect((await writerPage(paidWriter, payer)).json().viewerSubscription.status).toBe('cancelled')
    const told = (await notificationsOf(t, paidWriter)).filter((n) => n.kind === 'subscriber_cancelled')
    expect(told).toEqual([
      {
        kind: 'subscriber_cancelled',
        message: 'Paula Payer cancelled their subscription',
        link: '/subscriptions',
      },
    ])

    const resumed = await send('POST', `/api/subscriptions/${id}/resume`, payer)
    expect(resumed.statusCode).toBe(200)
    expect(resumed.json()).toMatchObject({ status: 'active', renewsAt: '2026-04-10T12:00:00.000Z' })
    expect((await send('POST', `/api/subscriptions/${id}/resume`, payer)).json()).toEqual(resumed.json())
  })

  it('cannot resume once the period has ended, and a free follow has no cancel', async () => {
    await send('POST', `/api/subscriptions/${id}/cancel`, payer)
    clock.advance(40 * 24 * 3600_000)
    try {
      const late = await send('POST', `/api/subscriptions/${id}/resume`, payer)
      expect(late.statusCode).toBe(409)
    } finally {
      clock.advance(-40 * 24 * 3600_000)
    }
    const followId = (await send('GET', '/api/me/subscriptions', reader))
      .json()
      .items.find((s: { writer: { id: string } }) => s.writer.id === freeWriter.id).id
    expect((await send('POST', `/api/subscriptions/${followId}/cancel`, reader)).statusCode).toBe(409)
  })
})
