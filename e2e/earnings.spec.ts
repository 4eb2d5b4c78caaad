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
  // (The demo history holds an older paid payout of hers: look at the one with this reference.)
  await grace.reload()
  const paidOne = payouts.getByRole('listitem').filter({ hasText: REFERENCE })
  await paidOne.getByText('Paid', { exact: true }).waitFor()
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

  // Her Overview: the charts and their tables; a longer range redraws them by week.
  await grace.goto('/overview')
  await grace.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
  await grace.getByRole('figure', { name: 'Views by day, last 30 days' }).waitFor()
  const daily = grace.getByRole('table', { name: 'Views by day, last 30 days' })
  expect(await daily.getByRole('row').count()).toBe(31)
  await grace.getByRole('region', { name: 'Totals' }).getByText('Views', { exact: true }).waitFor()
  await grace.getByText(/Updated (just now|\d+ min ago)/).waitFor()
  await look(grace, 'overview')

  // From the keyboard, as the radio group allows: 30 days → 90 days.
  await grace.getByRole('radio', { name: '30 days' }).focus()
  await grace.keyboard.press('ArrowRight')
  await grace.waitForURL('**/overview?days=90')
  await grace.getByRole('figure', { name: 'Views by week, last 90 days' }).waitFor()
  const weekly = grace.getByRole('table', { name: 'Views by week, last 90 days' })
  // 90 days are 13 or 14 weeks (the first and last may be cut short), plus the header row.
  expect(await weekly.getByRole('row').count()).toBeGreaterThanOrEqual(14)
  expect(await weekly.getByRole('row').count()).toBeLessThanOrEqual(15)
  await expect.poll(() => grace.getByRole('radio', { name: '90 days' }).isChecked()).toBe(true)
  await look(grace, 'overview-90')

  // The range stays in the address: a reload keeps it, and a year is drawn by month.
  await grace.reload()
  await grace.getByRole('figure', { name: 'Views by week, last 90 days' }).waitFor()
  await grace.getByText('365 days', { exact: true }).click()
  const monthly = grace.getByRole('table', { name: 'Views by month, last 365 days' })
  await monthly.waitFor({ state: 'attached' })
  expect(await monthly.getByRole('row').count()).toBeGreaterThanOrEqual(13)
}, 180_000)
