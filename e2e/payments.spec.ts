import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { lookAt } from './accessibility.ts'
import {
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
  writerIdOf,
} from './journey.ts'

const j = journeyForThisFile()

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
}

/** Grace charges $5.00 a month (the demo leaves her free for the journeys to decide). */
async function graceCharges() {
  const grace = await j.newPage()
  await signIn(grace, DEMO_WRITER)
  const response = await grace.request.patch('/api/me', {
    data: { monthlyPrice: 500 },
    headers: { origin: j.server.url },
  })
  expect(response.status()).toBe(200)
  return writerIdOf(grace, 'Grace Okafor')
}

/** From Grace's page, Subscribe starts an order and shows its summary; Pay opens the test checkout. */
async function startSubscribing(page: Page, graceId: string, name?: string) {
  await page.goto(`/writer/${graceId}`)
  const subscribe = page.getByRole('button', { name: 'Subscribe · $5/month' })
  await subscribe.waitFor()
  if (name) await lookAt(page, 'payments', name)
  await subscribe.click()
  await page.waitForURL('**/payment?order=*')
  await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor()
  const orderId = new URL(page.url()).searchParams.get('order') ?? ''
  return orderId
}

test('a reader subscribes to a paying writer through the sandbox checkout', async () => {
  const graceId = await graceCharges()
  const tomas = await j.newPage()
  await signIn(tomas, DEMO_READER)

  // One of her subscribers-only posts is locked for him, and offers the subscription.
  const feed: { items: { slug: string; title: string; access: string }[] } = await tomas.request
    .get(`/api/posts?writer=${encodeURIComponent(graceId)}`)
    .then((r) => r.json())
  const locked = feed.items.find((p) => p.access === 'subscribers')
  if (!locked) throw new Error('The demo seed has no subscribers-only post by Grace')
  const lockedPath = `/learn/${graceId}/${locked.slug}`
  await tomas.goto(lockedPath)
  await tomas.getByRole('heading', { name: 'This post is for subscribers' }).waitFor()
  await tomas.getByRole('button', { name: 'Subscribe · $5/month' }).first().waitFor()
  await lookAt(tomas, 'payments', 'locked-post')

  const orderId = await startSubscribing(tomas, graceId, 'writer-page')
  await tomas
    .getByText(
      "You'll be charged $5.00 today and every month until you cancel. Cancel any time; you keep access until the end of the paid month.",
    )
    .waitFor()
  await lookAt(tomas, 'payments', 'payment')

  await tomas.getByRole('link', { name: 'Pay $5.00' }).click()
  await tomas.waitForURL(`**/payment/checkout/${orderId}`)
  await tomas.getByText('Test checkout — no real money moves.').waitFor()
  await lookAt(tomas, 'payments', 'checkout')

  await tomas.getByRole('button', { name: 'Pay $5.00' }).click()
  await tomas.waitForURL(`**/payment/success?order=${orderId}`)
  await tomas.getByRole('heading', { level: 1, name: "You're subscribed to Grace Okafor" }).waitFor()
  await lookAt(tomas, 'payments', 'success')

  // Where it is now: Grace's page says so, and so does the API.
  await tomas.getByRole('link', { name: 'Go to Grace Okafor’s page' }).click()
  await tomas.waitForURL(`**/writer/${graceId}`)
  await tomas.getByText('Subscribed', { exact: true }).waitFor()
  const profile = await tomas.request.get(`/api/writers/${graceId}`).then((r) => r.json())
  expect(profile.viewerSubscription).toMatchObject({ kind: 'paid', status: 'active', pricePaid: 500 })
  // The subscribers-only post now opens, and its author card says Subscribed.
  await tomas.goto(lockedPath)
  await tomas.getByRole('heading', { level: 1, name: locked.title }).waitFor()
  await tomas
    .getByRole('region', { name: 'About the author' })
    .getByText('Subscribed', { exact: true })
    .waitFor()
  // A full load first shows the server's signed-out page, then the app reads the post as Tomás
  // (decision 026): the subscribers' notice goes once that answer is in.
  await tomas.getByRole('heading', { name: 'This post is for subscribers' }).waitFor({ state: 'detached' })
  expect(await tomas.getByRole('heading', { name: 'This post is for subscribers' }).count()).toBe(0)

  // Someone else's order, or none: not found, with a way back.
  await tomas.goto('/payment/success?order=00000000-0000-4000-8000-000000000000')
  await tomas.getByRole('heading', { level: 1, name: "We couldn't find that order" }).waitFor()
  await lookAt(tomas, 'payments', 'not-found')
})

test('a declined payment ends on payment/failed, and Try again on the same order succeeds', async () => {
  const graceId = await writerIdOf(await j.newPage(), 'Grace Okafor')
  const mei = await j.newPage()
  await signIn(mei, 'mei@inkwell.test')
  const orderId = await startSubscribing(mei, graceId)
  // On success before the provider has said anything: it waits, saying so.
  await mei.goto(`/payment/success?order=${orderId}`)
  await mei.getByRole('heading', { level: 1, name: 'Confirming your payment…' }).waitFor()
  await lookAt(mei, 'payments', 'confirming')

  await mei.goto(`/payment/checkout/${orderId}`)

  await mei.getByRole('button', { name: 'Decline card' }).click()
  await mei.waitForURL(`**/payment/failed?order=${orderId}`)
  await mei.getByRole('heading', { level: 1, name: "Your payment didn't go through" }).waitFor()
  await lookAt(mei, 'payments', 'failed')

  // The provider fails: the error page names the order, and the order can still be paid.
  await mei.getByRole('link', { name: 'Try again' }).click()
  await mei.getByRole('button', { name: 'Simulate an error' }).click()
  await mei.waitForURL(`**/payment/error?order=${orderId}`)
  await mei.getByText(orderId, { exact: true }).waitFor()
  expect(await mei.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact')
  await lookAt(mei, 'payments', 'error')

  await mei.goto(`/payment/failed?order=${orderId}`)
  await mei.getByRole('link', { name: 'Try again' }).click()
  await mei.waitForURL(`**/payment/checkout/${orderId}`)
  await mei.getByRole('button', { name: 'Pay $5.00' }).click()
  await mei.waitForURL(`**/payment/success?order=${orderId}`)
  await mei.getByRole('heading', { level: 1, name: "You're subscribed to Grace Okafor" }).waitFor()
})
