import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { lookAt } from './accessibility.ts'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
} from './journey.ts'

const SHOTS = path.join('e2e', 'screenshots', 'book-reviews')

const j = journeyForThisFile()
const TITLE = 'Notes from the Salt Marsh'

async function signIn(email: string): Promise<Page> {
  const page = await j.newPage()
  await page.goto('/login')
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
  return page
}

/** Grace writes a free one-chapter book through the API; the admin approves it. */
async function publishFreeBook(): Promise<string> {
  const grace = await signIn(DEMO_WRITER)
  const write = { headers: { origin: j.server.url } }
  const created = await grace.request.post('/api/books', {
    ...write,
    data: {
      title: TITLE,
      description: 'Tides, herons and the people who count them.',
      category: 'true-story',
      language: 'en',
      price: 0,
      previewChapters: 1,
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const chapter = await grace.request.post(`/api/books/${id}/chapters`, {
    ...write,
    data: {
      title: 'High water',
      bodyHtml: '<p>The marsh fills twice a day, and twice a day it empties.</p>',
    },
  })
  expect(chapter.status()).toBe(201)
  expect((await grace.request.post(`/api/books/${id}/submit`, write)).status()).toBe(200)
  const admin = await signIn(DEMO_ADMIN)
  expect((await admin.request.post(`/api/admin/books/${id}/approve`, write)).status()).toBe(200)
  return id
}

test('an owner rates and reviews a book; the average shows on the book page and on its card', async () => {
  const id = await publishFreeBook()
  const tomas = await signIn(DEMO_READER)

  await tomas.goto(`/read/${id}`)
  const reviews = tomas.getByRole('region', { name: 'Ratings & reviews' })
  await reviews.getByText('No ratings yet').waitFor()
  await reviews.getByText('Readers who own this book can rate and review it.').waitFor()

  // He adds the free book to his library, and the form appears.
  await tomas.getByRole('button', { name: /Add to library/ }).click()
  const form = reviews.getByRole('form', { name: 'Rate this book' })
  await form.waitFor()

  // Stars by keyboard: the group's first star, Space, then three steps right.
  await form.getByRole('radio', { name: '1 star' }).focus()
  await tomas.keyboard.press('Space')
  for (let i = 0; i < 3; i++) await tomas.keyboard.press('ArrowRight')
  expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true)
  await form.getByRole('textbox', { name: 'Your review (optional)' }).fill('Slow and tidal, in the best way.')
  await form.getByRole('button', { name: 'Save rating' }).click()

  await reviews.getByRole('img', { name: '4 out of 5 stars, 1 rating' }).waitFor()
  const mine = reviews.getByRole('region', { name: 'Your review' })
  await mine.getByRole('button', { name: 'Edit' }).waitFor()
  await reviews
    .getByRole('article', { name: /Review by Tomás/ })
    .getByText('Slow and tidal, in the best way.')
    .waitFor()
  await lookAt(tomas, 'book-reviews', 'book-page-rated')

  // The catalogue's card carries the same stars.
  await tomas.goto(`/books?q=${encodeURIComponent('salt marsh')}`)
  const card = tomas.getByRole('article').filter({ has: tomas.getByRole('link', { name: TITLE }) })
  await card.getByRole('img', { name: '4 out of 5 stars, 1 rating' }).waitFor()
  await tomas.screenshot({ path: path.join(SHOTS, 'catalogue-card-desktop.png') })

  // The writer sees the rating and cannot rate her own book; she is told of the review.
  const grace = await signIn(DEMO_WRITER)
  await grace.goto(`/read/${id}`)
  const hers = grace.getByRole('region', { name: 'Ratings & reviews' })
  await hers.getByRole('img', { name: '4 out of 5 stars, 1 rating' }).waitFor()
  expect(await hers.getByRole('form').count()).toBe(0)
  const notes = await (await grace.request.get('/api/notifications')).json()
  expect(notes.items.some((n: { kind: string }) => n.kind === 'book_reviewed')).toBe(true)
})
