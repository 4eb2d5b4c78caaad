import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { lookAt } from './accessibility.ts'
import { DEMO_ADMIN, DEMO_PASSWORD, journeyForThisFile, signInWithForm, writerIdOf } from './journey.ts'

const j = journeyForThisFile()

// Hannah pays Tomás $4 a month in the demo, so she reads his subscribers-only chapter; a sentence
// only its body holds tells whether she still can.
const READER = 'hannah@inkwell.test'
const WRITER = 'Tomás Reyes'
const POST_TITLE = 'The Cartographer’s Daughter'
const MARKER = 'Inside were forty maps. One for every year he had worked.'

async function signIn(email: string): Promise<Page> {
  const page = await j.newPage()
  await page.goto('/login')
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
  return page
}

test('an admin refunds a subscription from the Orders tab, and the reader loses what it bought', async () => {
  const hannah = await signIn(READER)
  const tomasId = await writerIdOf(hannah, WRITER)
  const feed: { items: { slug: string; title: string }[] } = await hannah.request
    .get(`/api/posts?writer=${encodeURIComponent(tomasId)}`)
    .then((r) => r.json())
  const post = feed.items.find((p) => p.title === POST_TITLE)
  if (!post) throw new Error(`The demo seed has no "${POST_TITLE}" by ${WRITER}`)
  const postPath = `/learn/${tomasId}/${post.slug}`
  await hannah.goto(postPath)
  await hannah.getByText(MARKER).waitFor()

  // The admin finds her order by name among the paid ones, and is asked before anything happens.
  const admin = await signIn(DEMO_ADMIN)
  await admin.goto('/admin?tab=orders')
  // The filter's radios are drawn as a segmented control: a person presses the label.
  const filter = (name: string) => admin.locator('label').filter({ has: admin.getByRole('radio', { name }) })
  await filter('Paid').click()
  await admin.getByRole('searchbox', { name: 'Search orders by buyer or order id' }).fill('hannah')
  // Her subscription's row (the demo has her buying books too).
  const row = admin
    .getByRole('row')
    .filter({ hasText: 'Hannah Brandt' })
    .filter({ hasText: 'Monthly subscription' })
  await row.getByText('Paid', { exact: true }).waitFor()
  await expect.poll(() => admin.getByRole('row').filter({ hasText: 'Grace Okafor' }).count()).toBe(0)
  await lookAt(admin, 'admin-refund', 'orders')

  await row.getByRole('button', { name: `Refund Hannah Brandt: Monthly subscription to ${WRITER}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Refund $4.00 to Hannah Brandt?' })
  await dialog.getByText(/reversed in the ledger/).waitFor()
  await lookAt(admin, 'admin-refund', 'confirm')
  await dialog.getByRole('button', { name: 'Refund $4.00' }).click()
  await dialog.waitFor({ state: 'detached' })
  await admin.getByText('Refunded. The access it bought has ended.').waitFor()

  // The paid list no longer holds it; the refunded one does.
  await filter('Refunded').click()
  await row.getByText('Refunded', { exact: true }).waitFor()
  expect(await row.getByRole('button').count()).toBe(0)

  // Hannah's subscription ended with the refund: the chapter is locked again, page and API.
  await hannah.goto(postPath)
  await hannah.getByRole('region', { name: 'This post is for subscribers' }).waitFor()
  expect(await hannah.content()).not.toContain(MARKER)
  await hannah.goto('/subscriptions')
  await hannah.getByRole('heading', { level: 1 }).waitFor()
  await expect.poll(() => hannah.getByRole('link', { name: WRITER }).count()).toBe(0)
})
