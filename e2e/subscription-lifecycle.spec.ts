import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { formatDate } from '#web/lib/format.ts'
import { lookAt } from './accessibility.ts'
import { DEMO_PASSWORD, journeyForThisFile, signInWithForm, writerIdOf } from './journey.ts'

const j = journeyForThisFile()

// Tomás charges $4 a month in the demo, and Priya neither follows nor pays him. His subscribers-only
// chapter ends with a sentence that only its body holds (its excerpt does not).
const READER = 'priya@inkwell.test'
const WRITER = 'Tomás Reyes'
const POST_TITLE = 'The Cartographer’s Daughter'
const FIRST_LINE = 'My father made maps of Valdora for forty years'
const MARKER = 'Inside were forty maps. One for every year he had worked.'
const LAST_LINE = 'There were seven.'

/** The post as its page shows it to a reader who may read it: the title and the whole body. */
async function readsWholePost(page: Page, postPath: string) {
  await page.goto(postPath)
  await page.getByRole('heading', { level: 1, name: POST_TITLE }).waitFor()
  await page.getByText(FIRST_LINE).waitFor()
  await page.getByText(MARKER).waitFor()
  await page.getByText(LAST_LINE, { exact: true }).waitFor()
  expect(await page.getByRole('heading', { name: 'This post is for subscribers' }).count()).toBe(0)
}

test('a paid subscription, cancelled, reads to the end of its month and then locks', async () => {
  const priya = await j.newPage()
  await priya.goto('/login')
  await signInWithForm(priya, READER, DEMO_PASSWORD)
  await priya.waitForURL('**/dashboard')
  const tomasId = await writerIdOf(priya, WRITER)
  const feed: { items: { slug: string; title: string; access: string }[] } = await priya.request
    .get(`/api/posts?writer=${encodeURIComponent(tomasId)}`)
    .then((r) => r.json())
  const post = feed.items.find((p) => p.title === POST_TITLE && p.access === 'subscribers')
  if (!post) throw new Error(`The demo seed has no subscribers-only "${POST_TITLE}" by ${WRITER}`)
  const postPath = `/learn/${tomasId}/${post.slug}`
  const postApi = `/api/posts/by/${encodeURIComponent(tomasId)}/${encodeURIComponent(post.slug)}`

  // Locked: the notice and its Subscribe, and none of the body, on the page or in the API.
  await priya.goto(postPath)
  const notice = priya.getByRole('region', { name: 'This post is for subscribers' })
  await notice.waitFor()
  expect(await priya.getByText(MARKER).count()).toBe(0)
  expect(await priya.content()).not.toContain(MARKER)
  expect((await priya.request.get(postApi).then((r) => r.json())).bodyHtml).toBeNull()

  // Subscribe from the locked post, through the sandbox's TEST checkout.
  await notice.getByRole('button', { name: 'Subscribe · $4/month' }).click()
  await priya.waitForURL('**/payment?order=*')
  const orderId = new URL(priya.url()).searchParams.get('order') ?? ''
  await priya.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor()
  await priya.getByRole('link', { name: 'Pay $4.00' }).click()
  await priya.waitForURL(`**/payment/checkout/${orderId}`)
  await priya.getByText('Test checkout — no real money moves.').waitFor()
  await priya.getByRole('button', { name: 'Pay $4.00' }).click()
  await priya.waitForURL(`**/payment/success?order=${orderId}`)
  await priya.getByRole('heading', { level: 1, name: `You're subscribed to ${WRITER}` }).waitFor()

  await readsWholePost(priya, postPath)

  // Cancel from the subscriptions screen: it asks first, then says when access ends.
  const mine: { items: { writer: { id: string }; currentPeriodEnd: string }[] } = await priya.request
    .get('/api/me/subscriptions')
    .then((r) => r.json())
  const periodEnd = mine.items.find((s) => s.writer.id === tomasId)?.currentPeriodEnd
  if (!periodEnd) throw new Error(`No subscription to ${WRITER} after paying`)
  const until = formatDate(periodEnd)
  await priya.goto('/subscriptions')
  const row = priya.getByRole('listitem').filter({ has: priya.getByRole('link', { name: WRITER }) })
  await row.getByText(`Renews ${until}`).waitFor()
  await row.getByRole('button', { name: `Cancel your subscription to ${WRITER}` }).click()
  const confirm = priya.getByRole('dialog', { name: `Cancel your subscription to ${WRITER}?` })
  await confirm.getByText(`You keep access until ${until} and won't be charged again.`).waitFor()
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click()
  await confirm.waitFor({ state: 'detached' })
  await row.getByText(`Ends ${until}`).waitFor()
  await row.getByRole('button', { name: `Resume your subscription to ${WRITER}` }).waitFor()
  await lookAt(priya, 'subscription-lifecycle', 'cancelled')

  // Cancelled, the month still runs: the whole post, and the author card says until when.
  await readsWholePost(priya, postPath)
  await priya
    .getByRole('region', { name: 'About the author' })
    .getByText(`Subscribed until ${until}`, { exact: true })
    .waitFor()

  // 32 days on: the same server and data, its clock moved past the period's end.
  await j.server.down()
  await j.server.up({ CLOCK_OFFSET_DAYS: '32' })
  // Better Auth judges a session's expiry (30 days) by the real time, not by the server's clock:
  // the moved clock does not sign Priya out, so her cookie still opens her session.
  const me = await priya.request.get('/api/me')
  expect(me.status()).toBe(200)
  // Housekeeping runs as the server starts (then every minute) and ends the cancelled subscription
  // whose period is over by the moved clock; until it has, the entitlement check alone (period end
  // before the clock's now) already withholds the body. Wait for the end, so the screens below
  // show the settled state rather than the minute between the two.
  await expect
    .poll(
      async () =>
        (await priya.request.get(`/api/writers/${tomasId}`).then((r) => r.json())).viewerSubscription,
      { timeout: 15_000 },
    )
    .toBeNull()

  // Locked again: the notice offers the subscription anew, and the body is gone from page and API.
  await priya.goto(postPath)
  await priya.getByRole('heading', { level: 1, name: POST_TITLE }).waitFor()
  const lockedAgain = priya.getByRole('region', { name: 'This post is for subscribers' })
  await lockedAgain.getByRole('button', { name: 'Subscribe · $4/month' }).waitFor()
  expect(await priya.getByText(MARKER).count()).toBe(0)
  // Nor hidden anywhere in the document.
  expect(await priya.content()).not.toContain(MARKER)
  expect((await priya.request.get(postApi).then((r) => r.json())).bodyHtml).toBeNull()
  await lookAt(priya, 'subscription-lifecycle', 'locked-again')

  // The subscriptions screen no longer lists Tomás; her free follow of Grace is still there.
  await priya.goto('/subscriptions')
  await priya.getByRole('link', { name: 'Grace Okafor' }).waitFor()
  expect(await priya.getByRole('link', { name: WRITER }).count()).toBe(0)
  await lookAt(priya, 'subscription-lifecycle', 'ended')
}, 180_000)
