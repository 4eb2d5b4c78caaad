import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { createWriter, notificationsOf, subscribePaid } from './subscriptions.fixtures.ts'

const clock = createTestClock(new Date('2026-05-31T09:00:00.000Z'))
let t: TestApp
let writer: TestUser
let freeWriter: TestUser
let readers: TestUser[]

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  writer = await createWriter(t, 'Grace Paid', 700)
  freeWriter = await createWriter(t, 'Frank Free')
  readers = []
  for (const name of ['Ann One', 'Ben Two', 'Cy Three']) readers.push(await createUser(t, { name }))
})
afterAll(() => t.close())

const get = (url: string, user?: TestUser) => t.request({ method: 'GET', url, cookie: user?.cookie })

describe('a paid order', () => {
  it('notifies the buyer with the success link, and mails a receipt after commit', async () => {
    const [buyer] = readers
    const orderId = await subscribePaid(t, buyer, writer)
    const paid = (await notificationsOf(t, buyer)).filter((n) => n.kind === 'order_paid')
    expect(paid).toEqual([
      {
        kind: 'order_paid',
        message: 'Your subscription to Grace Paid is active.',
        link: `/payment/success?order=${orderId}`,
      },
    ])
    const mail = await t.mailbox.waitFor(buyer.email, { subject: 'Your Inkwell receipt' })
    const text = mail.raw.replace(/=\r?\n/g, '')
    expect(text).toContain('What: Monthly subscription to Grace Paid')
    expect(text).toContain('Price: $7.00 (USD)')
    expect(text).toContain('Date: 31 May 2026')
    expect(text).toContain(`Order reference: ${orderId}`)
    expect(mail.link).toBe(`${t.config.appUrl}/payment/success?order=${orderId}`)
  })

  it('a receipt still being sent is finished before the app closes', async () => {
    const buyer = await createUser(t, { name: 'Dee Closing' })
    const closingWriter = await createWriter(t, 'Hal Closing', 500)
    // Hold the real mailer's send open, as a slow mail server would.
    const mailer = t.app.ctx.mailer
    const send = mailer.send
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    mailer.send = async (mail) => {
      await held
      await send(mail)
    }
    try {
      await subscribePaid(t, buyer, closingWriter)
      // idle() is what app.close() waits for.
      const idle = t.app.ctx.idle().then(() => 'idle')
      const waiting = new Promise((resolve) => setTimeout(() => resolve('still sending'), 300))
      expect(await Promise.race([idle, waiting])).toBe('still sending')
      release()
      expect(await idle).toBe('idle')
      const receipts = t.mailbox.received.filter(
        (m) => m.to.includes(buyer.email) && m.subject === 'Your Inkwell receipt',
      )
      expect(receipts).toHaveLength(1)
    } finally {
      mailer.send = send
    }
  })

  it('a declined payment sends no receipt and no buyer notification', async () => {
    const buyer = readers[2]
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: buyer.cookie,
      body: { kind: 'subscription', writerId: writer.id },
    })
    await t.request({
      method: 'POST',
      url: `/api/payments/sandbox/${created.json().id}/pay`,
      cookie: buyer.cookie,
      body: { outcome: 'decline' },
    })
    expect((await notificationsOf(t, buyer)).filter((n) => n.kind === 'order_paid')).toEqual([])
    await expect(
      t.mailbox.waitFor(buyer.email, { subject: 'Your Inkwell receipt', timeoutMs: 300 }),
    ).rejects.toThrow()
  })
})

describe('GET /api/me/subscriptions and /api/me/subscribers', () => {
  it('answers 400 to a hand-made cursor', async () => {
    for (const url of ['/api/me/subscriptions', '/api/me/subscribers']) {
      const res = await get(`${url}?cursor=not-a-cursor`, readers[0])
      expect(res.statusCode, url).toBe(400)
      expect((await get(`${url}?limit=0`, readers[0])).statusCode).toBe(400)
    }
  })

  it('lists whom I follow or pay, newest first, in pages', async () => {
    const [ann] = readers
    clock.advance(60_000)
    await t.request({ method: 'POST', url: `/api/writers/${freeWriter.id}/follow`, cookie: ann.cookie })
    const first = (await get('/api/me/subscriptions?limit=1', ann)).json()
    expect(first.items).toEqual([
      {
        id: expect.any(String),
        kind: 'free',
        status: 'active',
        pricePaid: 0,
        currency: 'USD',
        currentPeriodEnd: null,
        renewsAt: null,
        createdAt: '2026-05-31T09:01:00.000Z',
        writer: { id: freeWriter.id, name: 'Frank Free', image: null },
      },
    ])
    const second = (await get(`/api/me/subscriptions?limit=1&cursor=${first.nextCursor}`, ann)).json()
    expect(second.items).toEqual([
      expect.objectContaining({
        kind: 'paid',
        status: 'active',
        pricePaid: 700,
        currentPeriodEnd: '2026-06-30T09:00:00.000Z',
        renewsAt: '2026-06-30T09:00:00.000Z',
        writer: { id: writer.id, name: 'Grace Paid', image: null },
      }),
    ])
    expect(second.nextCursor).toBeNull()
    // Someone else sees none of it.
    expect((await get('/api/me/subscriptions', readers[1])).json().items).toEqual([])
  })

  it('lists my subscribers with paid and free counted apart, my price, and no ended ones', async () => {
    const [ann, ben, cy] = readers
    await t.request({ method: 'POST', url: `/api/writers/${freeWriter.id}/follow`, cookie: ben.cookie })
    await t.request({ method: 'POST', url: `/api/writers/${freeWriter.id}/follow`, cookie: cy.cookie })
    await t.request({ method: 'DELETE', url: `/api/writers/${freeWriter.id}/follow`, cookie: cy.cookie })
    await subscribePaid(t, ben, writer)
    const paid = (await get('/api/me/subscribers', writer)).json()
    expect(paid).toMatchObject({ paidCount: 2, freeCount: 0, monthlyPrice: 700, nextCursor: null })
    expect(paid.items.map((s: { subscriber: { name: string } }) => s.subscriber.name)).toEqual([
      'Ben Two',
      'Ann One',
    ])
    const free = (await get('/api/me/subscribers?limit=1', freeWriter)).json()
    expect(free).toMatchObject({ paidCount: 0, freeCount: 2, monthlyPrice: 0 })
    expect(free.items).toHaveLength(1)
    const rest = (await get(`/api/me/subscribers?limit=1&cursor=${free.nextCursor}`, freeWriter)).json()
    expect(
      [...free.items, ...rest.items].map((s: { subscriber: { id: string } }) => s.subscriber.id),
    ).toEqual(expect.arrayContaining([ann.id, ben.id]))
    expect(rest.nextCursor).toBeNull()
    // A reader with no subscribers sees empty totals.
    expect((await get('/api/me/subscribers', cy)).json()).toMatchObject({
      items: [],
      paidCount: 0,
      freeCount: 0,
    })
  })

  it('a cancelled subscription whose month has run out is shown to nobody as live, before housekeeping ends it', async () => {
    const reader = await createUser(t, { name: 'Dee Four' })
    const runOut = await createWriter(t, 'Rhea Runout', 300)
    await subscribePaid(t, reader, runOut)
    const [mine] = (await get('/api/me/subscriptions', reader)).json().items
    const cancel = await t.request({
      method: 'POST',
      url: `/api/subscriptions/${mine.id}/cancel`,
      cookie: reader.cookie,
    })
    expect(cancel.statusCode).toBe(200)
    const view = () => get(`/api/writers/${runOut.id}`, reader).then((r) => r.json().viewerSubscription)
    const listed = () =>
      get('/api/me/subscriptions', reader).then((r) => r.json().items.map((s: { id: string }) => s.id))
    const subscribers = () => get('/api/me/subscribers', runOut).then((r) => r.json())
    // Within the month: still live everywhere, as cancelled.
    expect(await view()).toMatchObject({ kind: 'paid', status: 'cancelled' })
    expect(await listed()).toContain(mine.id)
    expect(await subscribers()).toMatchObject({ paidCount: 1 })

    const now = clock.now()
    try {
      clock.set(new Date(new Date(mine.currentPeriodEnd).getTime() + 1000))
      // No housekeeping has run: the row is still 'cancelled', but its month is over.
      expect(await view()).toBeNull()
      expect(await listed()).not.toContain(mine.id)
      expect(await subscribers()).toMatchObject({ paidCount: 0, items: [] })
    } finally {
      clock.set(now)
    }
  })
})
