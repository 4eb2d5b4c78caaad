import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import type { PostCard, PublicPost } from '#common/schemas/posts.ts'
import { DEMO_PASSWORD, DEMO_READER, journeyForThisFile, signInWithForm } from './journey.ts'

// Save for later (decision 056): a reader saves a post, finds it on their reading list, and reads
// it there with the network off; back online, removing it takes it off the device too.

const j = journeyForThisFile()

const keptUrls = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('inkwell-kept')).keys()).map((r) => new URL(r.url).pathname),
  )

/** A few words of the post's first paragraph, as the page shows them. */
const openingOf = (html: string) =>
  (html.match(/<p>([^<]{20,})/)?.[1] ?? '')
    .slice(0, 40)
    .replace(/&#39;|&rsquo;/g, '’')
    .trim()

test('a reader saves a post and reads it from the reading list with the network off', async () => {
  const tomas = await j.newPage()
  await tomas.goto('/login')
  await signInWithForm(tomas, DEMO_READER, DEMO_PASSWORD)
  await tomas.waitForURL('**/dashboard')

  // A free post of the demo, with a paragraph to read.
  const feed = (await (await tomas.request.get('/api/posts?limit=50')).json()) as { items: PostCard[] }
  let post: PublicPost | undefined
  for (const card of feed.items.filter((c) => c.access === 'free')) {
    const read = (await (
      await tomas.request.get(`/api/posts/by/${card.author.id}/${card.slug}`)
    ).json()) as PublicPost
    if (read.bodyHtml && openingOf(read.bodyHtml)) {
      post = read
      break
    }
  }
  if (!post?.bodyHtml) throw new Error('The demo has no free post with a paragraph')
  const opening = openingOf(post.bodyHtml)
  const path = `/learn/${post.author.id}/${post.slug}`

  await tomas.goto(path)
  await tomas.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await tomas.getByRole('button', { name: 'Save for later' }).click()
  const saved = tomas.getByRole('button', { name: 'Saved' })
  await saved.waitFor()
  expect(await saved.getAttribute('aria-pressed')).toBe('true')
  await expect.poll(() => keptUrls(tomas)).toContain(`/api/posts/by/${post.author.id}/${post.slug}`)

  // The reading list, drawn by the worker-controlled app: the post, kept here.
  await tomas.goto('/reading-list')
  const entry = tomas.getByRole('listitem').filter({ has: tomas.getByRole('link', { name: post.title }) })
  await entry.getByText('Available offline').waitFor()

  // The network goes: the post opens from the list, and its address opens by itself too.
  await tomas.context().setOffline(true)
  await entry.getByRole('link', { name: post.title }).click()
  await tomas.getByRole('heading', { level: 1, name: post.title }).waitFor()
  await tomas.getByText(opening, { exact: false }).first().waitFor()
  await tomas.goto(path)
  await tomas.getByText(opening, { exact: false }).first().waitFor()

  // Back online: Remove takes it off the list and off the device.
  await tomas.context().setOffline(false)
  await tomas.goto('/reading-list')
  await tomas.getByRole('button', { name: `Remove “${post.title}” from your reading list` }).click()
  await tomas.getByText('Nothing saved yet').waitFor()
  await expect.poll(() => keptUrls(tomas)).toEqual([])
  expect(await tomas.evaluate(() => localStorage.getItem('inkwell:kept-posts'))).toBeNull()
}, 25_000)
