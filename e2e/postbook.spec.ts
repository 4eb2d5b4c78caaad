import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { PNG_1PX } from '../server/test/upload.ts'
import { lookAt } from './accessibility.ts'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

// Words only this book holds.
const TITLE = 'The cartographer of Ystad'
const CHAPTERS = [
  ['Low tide', 'The map began where the water ended, at the third post of the old pier.'],
  ['The survey', 'She walked the dunes with a chain of a hundred links and counted every one.'],
  ['Fog', 'For three days the lighthouse was a rumour and the coast a guess.'],
] as const

async function signIn(email: string, to: string): Promise<Page> {
  const page = await j.newPage()
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`)
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL(`**${to}`)
  return page
}

test('a writer writes a three-chapter book with a cover, reorders it by keyboard, prices it and submits it; the admin approves it in pending', async () => {
  const grace = await signIn(DEMO_WRITER, '/postbook')
  await grace.getByRole('heading', { level: 1, name: 'My books' }).waitFor()
  await grace.getByRole('link', { name: 'New book' }).click()
  await grace.waitForURL('**/postbook?new')
  await grace.getByRole('heading', { level: 1, name: 'A new book' }).waitFor()
  await lookAt(grace, 'postbook', 'new')

  // The details: the first save (by itself, two seconds after typing) creates the book.
  await grace.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
  await grace.getByRole('textbox', { name: 'Subtitle' }).fill('A year on the Scanian coast')
  await grace
    .getByRole('textbox', { name: 'Description' })
    .fill('A surveyor maps a coast that will not keep still.')
  await grace
    .getByLabel('Upload cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX })
  await grace.getByRole('img', { name: "The book's cover" }).waitFor()
  await grace.getByRole('radio', { name: /^Paid/ }).check()
  await grace.getByRole('textbox', { name: 'Price in US dollars' }).fill('4.99')
  await grace.getByRole('spinbutton', { name: 'Free preview chapters' }).fill('1')
  await grace.waitForURL(/\/postbook\?id=[0-9a-f-]{36}$/)
  const bookId = new URL(grace.url()).searchParams.get('id') as string
  await grace
    .getByRole('status')
    .filter({ hasText: /Saved at/ })
    .waitFor()

  // Three chapters, each written in the posts' editor.
  const contents = grace.getByRole('navigation', { name: 'Book contents' })
  for (const [title, text] of CHAPTERS) {
    await contents.getByRole('textbox', { name: 'New chapter' }).fill(title)
    await contents.getByRole('button', { name: 'Add chapter' }).click()
    await expect.poll(() => grace.getByRole('textbox', { name: 'Chapter title' }).inputValue()).toBe(title)
    await grace.getByRole('textbox', { name: 'Chapter body' }).click()
    await grace.keyboard.type(text)
  }
  await grace.getByRole('button', { name: 'Save chapter' }).click()
  await grace
    .getByRole('status')
    .filter({ hasText: /Saved at/ })
    .first()
    .waitFor()
  await lookAt(grace, 'postbook', 'chapter')

  // "Fog" moves to the top by keyboard: two presses of Move up, announced each time.
  await contents.getByRole('button', { name: 'Move “Fog” up' }).focus()
  await grace.keyboard.press('Enter')
  await contents.getByText('“Fog” moved to position 2 of 3.').waitFor()
  await grace.keyboard.press('Enter')
  await contents.getByText('“Fog” moved to position 1 of 3.').waitFor()
  await expect
    .poll(async () => {
      const book = await grace.request.get(`/api/books/${bookId}/edit`).then((r) => r.json())
      return book.chapters.map((c: { title: string }) => c.title)
    })
    .toEqual(['Fog', 'Low tide', 'The survey'])

  await contents.getByRole('button', { name: /^Book details/ }).click()
  await grace.getByRole('textbox', { name: 'Title', exact: true }).waitFor()
  await lookAt(grace, 'postbook', 'details')

  await grace.getByRole('button', { name: 'Submit for review' }).click()
  const dialog = grace.getByRole('dialog', { name: 'Submit this book for review?' })
  await dialog.getByRole('button', { name: 'Submit for review' }).click()
  await grace.getByText('Waiting for review.', { exact: true }).waitFor()
  const mine = await grace.request.get('/api/me/books').then((r) => r.json())
  expect(mine.items.find((b: { id: string }) => b.id === bookId)).toMatchObject({
    status: 'pending',
    price: 499,
    previewChapters: 1,
    chapterCount: 3,
  })
  await grace.goto('/postbook')
  await grace.getByRole('heading', { name: TITLE, level: 3 }).waitFor()
  await lookAt(grace, 'postbook', 'my-books')
  // Pending shows the writer their book waiting beside their posts.
  await grace.goto('/pending')
  await grace
    .getByRole('region', { name: 'Books waiting for review' })
    .getByRole('heading', { name: TITLE })
    .waitFor()

  // The admin opens it in pending, reads a chapter, and approves it.
  const admin = await signIn(DEMO_ADMIN, '/pending')
  const entry = admin.getByRole('listitem', { name: TITLE, exact: true })
  await entry.getByText(/^by Grace/).waitFor()
  await entry.getByRole('button', { name: 'Open the book' }).click()
  await entry.getByRole('button', { name: 'Read chapter 1, “Fog”' }).click()
  await entry.getByText(CHAPTERS[2][1]).waitFor()
  await lookAt(admin, 'postbook', 'pending')
  await entry.getByRole('button', { name: 'Approve' }).click()
  await entry.waitFor({ state: 'detached' })

  // In the store now, as anyone sees it.
  const page = await admin.request.get(`/api/books/${bookId}`).then((r) => r.json())
  expect(page).toMatchObject({ status: 'published', title: TITLE, price: 499, previewChapters: 1 })
  expect(page.coverImage).toMatch(/^\/api\/files\/images\//)
  expect(page.chapters.map((c: { title: string; preview: boolean }) => [c.title, c.preview])).toEqual([
    ['Fog', true],
    ['Low tide', false],
    ['The survey', false],
  ])
})
