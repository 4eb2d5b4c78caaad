import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '#server/clock.ts'
import type { AppContext } from '#server/context.ts'
import { writerBalance } from '#server/core/ledger/ledger.ts'
import { ledgerTransfer, subscription } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { paySubscription, publishedPost, readPost } from './entitlement.fixtures.ts'
import { addMonth } from './items.ts'
import { setPrice } from './payments.fixtures.ts'
import { RENEWAL_LEAD_MS, renewalProvider, runSandboxRenewals } from './renewal.service.ts'

// The sandbox's renewal job with a hand-moved clock: a due subscription renews once however many
// runs race for it, a declined renewal ends access at the period's end, a cancelled one ends.

const clock = createTestClock(new Date('2026-03-10T12:00:00Z'))
let t: TestApp
let ctx: AppContext
let admin: TestUser
let writer: TestUser
let slug: string
const BODY = 'renewal-marker-7f3a'

beforeAll(async () => {
  t = await buildTestApp({}, { clock })
  ctx = t.app.ctx
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  await setPrice(t, writer, 500)
  ;({ slug } = await publishedPost(t, admin, writer, {
    title: 'For subscribers',
    bodyHtml: `<p>${BODY}</p>`,
    access: 'subscribers',
  }))
})
afterAll(() => t.close())

const run = () => runSandboxRenewals(ctx, renewalProvider(ctx))

async function subscriptionOf(reader: TestUser) {
  const [row] = await t.database.db
    .select()
    .from(subscription)
    .where(and(eq(subscription.subscriberId, reader.id), eq(subscription.writerId, writer.id)))
  return row
}

const renewalsOf = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerTransfer)
    .where(and(eq(ledgerTransfer.orderId, orderId), eq(ledgerTransfer.kind, 'renewal')))

const canRead = async (reader: TestUser) =>
  (await readPost(t, reader, writer.id, slug)).bodyHtml?.includes(BODY) === true

/** A reader who has just paid, and when their first period ends. */
async function subscriber(email?: string) {
  clock.set(new Date('2026-03-10T12:00:00Z'))
  const reader = await createUser(t, { name: 'Rae Reader', email })
  const orderId = await paySubscription(t, reader, writer)
  const { currentPeriodEnd } = await subscriptionOf(reader)
  return { reader, orderId, end: currentPeriodEnd as Date }
}

describe('sandbox renewals', () => {
  it('renews a due subscription once, however many runs race for it', async () => {
    const { reader, orderId, end } = await subscriber()
    expect(end.toISOString()).toBe('2026-04-10T12:00:00.000Z')
    const before = await writerBalance(t.database.db, writer.id)

    clock.set(new Date(end.getTime() - RENEWAL_LEAD_MS - 1000))
    await run()
    expect(await renewalsOf(orderId)).toHaveLength(0)

    clock.set(new Date(end.getTime() - RENEWAL_LEAD_MS / 2))
    const runs = await Promise.all([run(), run(), run()])
    expect(runs.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(1)
    await run()

    expect(await renewalsOf(orderId)).toHaveLength(1)
    const renewed = await subscriptionOf(reader)
    expect(renewed.currentPeriodStart).toEqual(end)
    expect(renewed.currentPeriodEnd).toEqual(addMonth(end))
    expect(renewed.status).toBe('active')
    // One more month's net (500 less the 15% fee) for the writer.
    expect((await writerBalance(t.database.db, writer.id)) - before).toBe(425)

    clock.set(new Date(end.getTime() + 1000))
    expect(await canRead(reader)).toBe(true)
  })

  it('a declined renewal keeps access to the period end, then ends it', async () => {
    const { reader, orderId, end } = await subscriber(`rae+decline-${Date.now()}@example.com`)
    clock.set(new Date(end.getTime() - RENEWAL_LEAD_MS / 2))
    expect(await run()).toMatchObject({ renewed: 0, declined: 1 })
    expect(await renewalsOf(orderId)).toHaveLength(0)
    expect(await subscriptionOf(reader)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true })
    expect(await canRead(reader)).toBe(true)
    // Not charged again while it runs out.
    expect(await run()).toMatchObject({ declined: 0 })

    clock.set(new Date(end.getTime() + 1000))
    expect(await canRead(reader)).toBe(false)
    await run()
    expect(await subscriptionOf(reader)).toMatchObject({ status: 'ended', currentPeriodEnd: end })
    expect(await canRead(reader)).toBe(false)
  })

  it('a cancelled subscription is not renewed and ends at its period end', async () => {
    const { reader, orderId, end } = await subscriber()
    await t.database.db
      .update(subscription)
      .set({ status: 'cancelled', cancelAtPeriodEnd: true })
      .where(eq(subscription.subscriberId, reader.id))

    clock.set(new Date(end.getTime() - RENEWAL_LEAD_MS / 2))
    expect(await run()).toMatchObject({ renewed: 0, ended: 0 })
    expect(await canRead(reader)).toBe(true)

    clock.set(new Date(end.getTime() + 1000))
    expect(await run()).toMatchObject({ renewed: 0, ended: 1 })
    expect(await renewalsOf(orderId)).toHaveLength(0)
    expect((await subscriptionOf(reader)).status).toBe('ended')
    expect(await canRead(reader)).toBe(false)
    expect(await run()).toMatchObject({ ended: 0 })
  })
})
