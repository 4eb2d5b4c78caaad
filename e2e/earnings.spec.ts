import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { DESKTOP } from './browser.ts'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
  writerIdOf,
} from './journey.ts'

const j = journeyForThisFile()

const PHONE = { width: 390, height: 844 }
const SHOTS = path.join('e2e', 'screenshots', 'earnings')
const REFERENCE = 'SANDBOX-TRANSFER-0042'

/** Checks the screen (axe at desktop and 320 px, no sideways scroll) and keeps a picture at desktop and phone width. */
async function look(page: Page, name: string) {
  await expectAccessible(page)
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true })
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true })
  await page.setViewportSize(DESKTOP)
}

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
}

type Summary = { available: number; pending: number; paidOut: number; payoutPending: number }
const summaryOf = (page: Page): Promise<Summary> => page.request.get('/api/me/earnings').then((r) => r.json())

test('a writer earns, requests a payout, the admin pays it, and the writer sees it paid', async () => {
  // Grace charges $20 a month; Tomás subscribes through the sandbox: $17.00 net for her, pending.
  const grace = await j.newPage()
  await signIn(grace, DEMO_WRITER)
  const priced = await grace.request.patch('/api/me', {
    data: { monthlyPrice: 2000 },
    headers: { origin: j.server.url },
  })
  expect(priced.status()).toBe(200)
  const graceId = await writerIdOf(grace, 'Grace Okafor')
  const before = await summaryOf(grace)

  const tomas = await j.newPage()
  await signIn(tomas, DEMO_READER)
  await tomas.goto(`/writer/${graceId}`)
  await tomas.getByRole('button', { name: 'Subscribe · $20/month' }).click()
  await tomas.waitForURL('**/payment?order=*')
  const orderId = new URL(tomas.url()).searchParams.get('order') ?? ''
  await tomas.getByRole('link', { name: 'Pay $20.00' }).click()
  await tomas.waitForURL(`**/payment/checkout/${orderId}`)
  await tomas.getByRole('button', { name: 'Pay $20.00' }).click()
  await tomas.waitForURL(`**/payment/success?order=${orderId}`)

  const sold = await summaryOf(grace)
  expect(sold.pending - before.pending).toBe(1700)
  expect(sold.available).toBe(before.available)

  // The same server and data with no refund window: housekeeping releases the sale as it starts.
  await j.server.down()
  await j.server.up({ REFUND_WINDOW_DAYS: '0' })
  // (The demo's own recent sales to her are released with it.)
  await expect.poll(async () => (await summaryOf(grace)).pending, { timeout: 15_000 }).toBe(0)
  const released = await summaryOf(grace)
  expect(released.available - before.available).toBeGreaterThanOrEqual(1700)

  // Her Earnings: balances, the chart (and its table), the history, and a payout of $17.00.
  await grace.goto('/earnings')
  await grace.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor()
  await grace.getByRole('figure', { name: 'Earnings by month, last 12 months' }).waitFor()
  const history = grace.getByRole('region', { name: 'History' })
  await history
    .getByText('Released to available')
    .first()
    .waitFor({ state: 'attached' })
    .catch(() => {})
  await history
    .getByRole('row', { name: /Subscription|subscription/ })
    .first()
    .waitFor()
  await look(grace, 'earnings')
  await grace.getByRole('button', { name: 'Show as table' }).click()
  await grace.getByRole('table', { name: 'Earnings by month, last 12 months' }).waitFor()

  const amount = grace.getByRole('textbox', { name: 'Amount (USD)' })
  await amount.fill('17')
  await grace.getByRole('button', { name: 'Request payout' }).click()
  await grace.getByText(/You have a payout request of \$17\.00 open/).waitFor()
  const payouts = grace.getByRole('region', { name: 'Payouts' })
  await payouts.getByText('Requested', { exact: true }).waitFor()
  expect((await summaryOf(grace)).payoutPending).toBe(1700)

  // The admin pays it from the Payouts tab, with the transfer's reference.
  const admin = await j.newPage()
  await signIn(admin, DEMO_ADMIN)
  await admin.goto('/admin?tab=payouts')
  const row = admin.getByRole('row', { name: /Grace Okafor/ })
  await row.waitFor()
  await look(admin, 'admin-payouts')
  await row.getByRole('button', { name: 'Mark paid: Grace Okafor' }).click()
  const dialog = admin.getByRole('dialog', { name: /Mark \$17\.00 to Grace Okafor paid\?/ })
  await dialog.getByRole('textbox', { name: 'Payment reference' }).fill(REFERENCE)
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await dialog.waitFor({ state: 'detached' })
  // Her request leaves the open list (the demo's own open request, Mei's, stays there).
  await row.waitFor({ state: 'detached' })

  // Grace sees it paid, with the reference, her balance moved, and the notification.
  await grace.reload()
  await payouts.getByText('Paid', { exact: true }).waitFor()
  await payouts.getByText(REFERENCE).waitFor()
  const after = await summaryOf(grace)
  expect(after.payoutPending).toBe(0)
  expect(after.paidOut - before.paidOut).toBe(1700)
  expect(after.available).toBe(released.available - 1700)
  await grace.getByRole('button', { name: 'Request payout' }).waitFor()
  await look(grace, 'earnings-paid')

  const notes: { items: { kind: string; message: string }[] } = await grace.request
    .get('/api/notifications')
    .then((r) => r.json())
  const paid = notes.items.find((n) => n.kind === 'payout_paid')
  expect(paid?.message).toContain(REFERENCE)
  await grace.goto('/notifications')
  await grace
    .getByText(new RegExp(`Your payout of .* was paid \\(reference ${REFERENCE}\\)`))
    .first()
    .waitFor()
})
