import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible, lookAt } from './accessibility.ts'
import { DESKTOP, PHONE } from './browser.ts'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
} from './journey.ts'

const SHOTS = path.join('e2e', 'screenshots', 'books')

const j = journeyForThisFile()

const TITLE = 'The Keeper of Gull Rock'
// Sentences only each chapter's body holds: what the reader sees tells which chapter is open.
const MARKERS = [
  'The lamp had burned for ninety years without a night off.',
  'Only the owners of this book ever read this sentence.',
  'By morning the fog had gone, and so had the ship.',
]

async function signIn(email: string): Promise<Page> {
  const page = await j.newPage()
  await page.goto('/login')
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
  return page
}

/** How far through the open chapter the window is (0..1), as the reader measures it. */
const throughChapter = () => {
  const element = document.querySelector('[data-chapter-body]') as HTMLElement
  const rect = element.getBoundingClientRect()
  return Math.round((-rect.top / (rect.height - window.innerHeight)) * 100) / 100
}

/** A chapter long enough to scroll through: its marker first, then paragraphs of the story. */
const body = (marker: string, n: number) =>
  `<p>${marker}</p>${Array.from(
    { length: 40 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of chapter ${n}. The keeper climbed the hundred and twelve steps again, counted them twice, and wrote the weather in the log in a hand that had not changed in forty years.</p>`,
  ).join('')}`

/** Grace writes a three-chapter book, one chapter free, $4.99, and submits it; the admin approves it. */
async function publishBook(): Promise<{ id: string; grace: Page }> {
  const grace = await signIn(DEMO_WRITER)
  const write = { headers: { origin: j.server.url } }
  const created = await grace.request.post('/api/books', {
    ...write,
    data: {
      title: TITLE,
      subtitle: 'A novel in three nights',
      description:
        'A lighthouse keeper, a storm, and a ship that should not be there.\n\nThree nights on a rock in the North Sea.',
      category: 'fiction',
      language: 'en',
      price: 499,
      previewChapters: 1,
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  for (const [i, title] of ['The light goes out', 'A ship in the fog', 'Morning'].entries()) {
    const chapter = await grace.request.post(`/api/books/${id}/chapters`, {
      ...write,
      data: { title, bodyHtml: body(MARKERS[i], i + 1) },
    })
    expect(chapter.status()).toBe(201)
  }
  expect((await grace.request.post(`/api/books/${id}/submit`, write)).status()).toBe(200)
  const admin = await signIn(DEMO_ADMIN)
  expect((await admin.request.post(`/api/admin/books/${id}/approve`, write)).status()).toBe(200)
  return { id, grace }
}

test('a reader finds a book, reads the preview, buys it, reads on, and continues on another device', async () => {
  const { id, grace } = await publishBook()
  const tomas = await signIn(DEMO_READER)

  // The store: he searches for it and opens it.
  await tomas.goto('/books')
  await tomas.getByRole('heading', { level: 1, name: 'Books Store' }).waitFor()
  await tomas.getByRole('searchbox', { name: 'Search books' }).fill('keeper gull')
  await tomas.getByRole('button', { name: 'Search', exact: true }).click()
  await tomas.waitForURL('**/books?q=keeper+gull')
  await tomas.getByRole('link', { name: TITLE }).waitFor()
  await lookAt(tomas, 'books', 'catalogue')
  await tomas.getByRole('link', { name: TITLE }).click()
  await tomas.waitForURL(`**/read/${id}`)
  await tomas.getByRole('heading', { level: 1, name: TITLE }).waitFor()
  await tomas.getByRole('button', { name: 'Buy · $4.99' }).waitFor()
  await lookAt(tomas, 'books', 'book-page')

  // The preview reads; the next chapter stops him with a Buy call and no body.
  await tomas.getByRole('link', { name: 'Read the preview' }).click()
  await tomas.getByText(MARKERS[0]).waitFor()
  await lookAt(tomas, 'books', 'reader', { fullPage: false })
  await tomas.keyboard.press('ArrowRight')
  await tomas.getByRole('heading', { name: 'Buy the book to read on' }).waitFor()
  expect(await tomas.getByText(MARKERS[1]).count()).toBe(0)
  await lookAt(tomas, 'books', 'locked-chapter', { fullPage: false })
  // On a phone the contents open as a dialog over the chapter.
  await tomas.setViewportSize(PHONE)
  await tomas.getByRole('button', { name: 'Contents' }).click()
  const contents = tomas.getByRole('dialog', { name: 'Contents' })
  await contents.getByRole('link', { name: /The light goes out/ }).waitFor()
  await expectAccessible(tomas)
  await tomas.screenshot({ path: path.join(SHOTS, 'contents-dialog-390.png') })
  await tomas.keyboard.press('Escape')
  await contents.waitFor({ state: 'detached' })
  await tomas.setViewportSize(DESKTOP)

  // He buys it through the sandbox's test checkout.
  await tomas.getByRole('button', { name: 'Buy · $4.99' }).click()
  await tomas.waitForURL('**/payment?order=*')
  const orderId = new URL(tomas.url()).searchParams.get('order') ?? ''
  await tomas.getByRole('link', { name: 'Pay $4.99' }).click()
  await tomas.waitForURL(`**/payment/checkout/${orderId}`)
  await tomas.getByRole('button', { name: 'Pay $4.99' }).click()
  await tomas.waitForURL(`**/payment/success?order=${orderId}`)
  await tomas.getByRole('heading', { level: 1, name: `“${TITLE}” is yours` }).waitFor()

  // Back in the book: chapter 2 opens now, and he reads on into chapter 3.
  await tomas.goto(`/read/${id}`)
  await tomas.getByText('In your library').waitFor()
  await tomas.getByRole('link', { name: 'Continue reading' }).click()
  await tomas.getByText(MARKERS[0]).waitFor()
  await tomas.keyboard.press('ArrowRight')
  await tomas.getByText(MARKERS[1]).waitFor()
  await tomas.getByRole('link', { name: /Next.*Morning/ }).click()
  await tomas.getByText(MARKERS[2]).waitFor()
  const chapter3 = new URL(tomas.url()).searchParams.get('chapter')
  // The reader in the dark theme still reads (colour contrast included).
  await tomas.getByRole('button', { name: 'Reading settings' }).click()
  await tomas.getByRole('button', { name: 'Dark' }).click()
  await tomas.getByRole('button', { name: 'Reading settings' }).click()
  await lookAt(tomas, 'books', 'reader-dark', { fullPage: false })

  // Most of the way through chapter 3; the place is sent once he is still.
  await tomas.evaluate(() => {
    const element = document.querySelector('[data-chapter-body]') as HTMLElement
    const rect = element.getBoundingClientRect()
    window.scrollTo({
      top: rect.top + window.scrollY + 0.6 * (rect.height - window.innerHeight),
      behavior: 'instant',
    })
  })
  await expect
    .poll(
      async () => {
        const book = await tomas.request.get(`/api/books/${id}`).then((r) => r.json())
        return (
          book.position && {
            chapterId: book.position.chapterId,
            near: Math.abs(book.position.progress - 0.6) < 0.05,
          }
        )
      },
      { timeout: 10_000 },
    )
    .toEqual({ chapterId: chapter3, near: true })
  // The book page's Continue reading, in the same browser, comes back to the same place.
  await tomas.getByRole('link', { name: `Back to the book: ${TITLE}` }).click()
  await tomas.getByRole('heading', { level: 1, name: TITLE }).waitFor()
  await tomas.getByRole('link', { name: 'Continue reading' }).click()
  await tomas.getByText(MARKERS[2]).waitFor()
  await expect.poll(() => tomas.evaluate(throughChapter)).toBeGreaterThan(0.5)

  // Another browser: his dashboard continues the book, and the reader opens at the same place.
  const elsewhere = await signIn(DEMO_READER)
  const shelf = elsewhere.getByRole('region', { name: 'Continue reading' })
  await shelf.getByText('Chapter 3: Morning').waitFor()
  await lookAt(elsewhere, 'books', 'dashboard')
  await shelf.getByRole('link', { name: `Continue reading ${TITLE}` }).click()
  await elsewhere.getByText(MARKERS[2]).waitFor()
  expect(new URL(elsewhere.url()).searchParams.get('chapter')).toBe(chapter3)
  await expect.poll(() => elsewhere.evaluate(throughChapter)).toBeGreaterThan(0.5)
  await elsewhere.getByText('Chapter 3 of 3').waitFor()

  // The writer was told of the sale.
  const notifications = await grace.request.get('/api/notifications').then((r) => r.json())
  expect(notifications.items.some((n: { kind: string }) => n.kind === 'book_sold')).toBe(true)
}, 180_000)
