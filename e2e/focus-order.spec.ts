import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

// Where focus goes when the page changes under it (WCAG 2.4.3, 4.1.3), by keyboard alone: each
// control is reached (focused, as Tab would) and pressed with Enter; after each step focus is on
// something, never <body>, and the live region has said what a screen reader needs to hear.

/** What has focus, as a selector-like string; "body" when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return `${el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`
  })

/** Waits until the app's live region says `text` (web/lib/announce.ts). */
const heard = (page: Page, text: string | RegExp) =>
  page.locator('#inkwell-announcer').filter({ hasText: text }).waitFor({ state: 'attached', timeout: 10_000 })

test('by keyboard: a new page takes focus and is announced; Mark all as read and Start exam keep focus', async () => {
  const page = await j.newPage()
  page.setDefaultTimeout(10_000)
  await page.goto('/login')
  await signInWithForm(page, DEMO_WRITER, DEMO_PASSWORD)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  // 1. The header search, submitted with its own button (not Enter in the field).
  await page.getByRole('searchbox', { name: 'Search Inkwell' }).first().fill('waves')
  await page.getByRole('button', { name: 'Search Inkwell' }).first().focus()
  await page.keyboard.press('Enter')
  await page.waitForURL('**/search/waves')
  const results = page.getByRole('heading', { level: 1 })
  await expect.poll(() => focused(page)).toMatch(/^h1: /)
  await heard(page, await page.title())
  expect(await results.evaluate((h) => h === document.activeElement)).toBe(true)

  // 2. A post opened from the results by Enter: its heading has focus, its title is said.
  await page
    .getByRole('link', { name: /Standing Waves on a Guitar String/ })
    .first()
    .focus()
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Standing Waves on a Guitar String' }).waitFor()
  await expect.poll(() => focused(page)).toBe('h1: Standing Waves on a Guitar String')
  await heard(page, 'Standing Waves on a Guitar String · Inkwell')

  // 3. Notifications: Mark all as read keeps focus in the open list and says so.
  await page.getByRole('button', { name: /^Notifications/ }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Mark all as read' }).focus()
  await page.keyboard.press('Enter')
  await heard(page, 'All caught up')
  expect(await focused(page)).toBe('button: Clear all')
  await page.keyboard.press('Escape')
  expect(await focused(page)).not.toBe('body')

  // 4. The Exams Room by its link in the main navigation, then an exam, then Start exam.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exams Room' }).focus()
  await page.keyboard.press('Enter')
  await page.waitForURL('**/exams')
  await expect.poll(() => focused(page)).toMatch(/^h1: /)
  await heard(page, await page.title())
  await page.getByRole('link', { name: 'Big-O and Data Structures in 10 Minutes' }).first().focus()
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Big-O and Data Structures in 10 Minutes' }).waitFor()
  await expect.poll(() => focused(page)).toBe('h1: Big-O and Data Structures in 10 Minutes')
  await page.getByRole('button', { name: 'Start exam' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('timer').waitFor()
  await expect.poll(() => focused(page)).toBe('section: Question 1 of 6')
  await heard(page, /^Big-O and Data Structures in 10 Minutes: (9|10) minutes left for 6 questions\.$/)
})
