import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { PHONE } from './browser.ts'
import { journeyForThisFile } from './journey.ts'

const j = journeyForThisFile()

// A demo lesson with four sections and a sub-section (server/db/seed/academic.ts).
const LESSON = 'Why a Hammer and a Feather Land Together'
const SECTIONS = [
  'The thought experiment',
  'The experiment on the Moon',
  'The one-line reason',
  'So why does the feather lose on Earth?',
  'What to write in the exam',
]

/** The lesson's address, as its card links to it. */
async function lessonPath(page: Page): Promise<string> {
  const feed = await page.request.get('/api/posts?category=academic&limit=50').then((r) => r.json())
  const post = feed.items.find((p: { title: string }) => p.title === LESSON)
  return `/learn/${post.author.id}/${post.slug}`
}

/** How far the reading-progress bar has filled, 0 to 1 (the bar is decoration: no role to find it by). */
const progress = async (page: Page) =>
  Number(await page.getByTestId('reading-progress').getAttribute('data-progress'))

/** Where `heading` sits below the sticky header, in px: small and positive once scrolled to. */
async function belowHeader(page: Page, heading: Locator): Promise<number> {
  const banner = await page.getByRole('banner').boundingBox()
  const box = await heading.boundingBox()
  if (!banner || !box) throw new Error('The header or the heading is not on screen')
  return Math.round(box.y - (banner.y + banner.height))
}

/** A heading scrolled to is just under the header: not covered by it, not far below it. */
const landed = (px: number) => px >= 8 && px <= 64

test('a long lesson has a map beside it: it lists the sections, follows the reading, puts the section in the address, and a reload lands there', async () => {
  const page = await j.newPage()
  page.setDefaultTimeout(10_000)
  const path = await lessonPath(page)
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: LESSON }).waitFor()
  expect(await progress(page)).toBe(0)

  const map = page.getByRole('navigation', { name: 'On this page' })
  expect(await map.getByRole('link').allTextContents()).toEqual(SECTIONS)
  expect(await map.getByRole('link', { name: 'The one-line reason' }).getAttribute('aria-current')).toBeNull()
  // Each heading carries its own link, named for the section, for copying its address.
  expect(
    await page
      .getByRole('link', { name: 'Link to this section: The thought experiment' })
      .getAttribute('href'),
  ).toBe('#the-thought-experiment')

  await map.getByRole('link', { name: 'The one-line reason' }).click()
  await page.waitForURL(`**${path}#the-one-line-reason`)
  const heading = page.getByRole('heading', { level: 2, name: 'The one-line reason' })
  await expect.poll(() => belowHeader(page, heading).then(landed)).toBe(true)
  await expect
    .poll(() => map.getByRole('link', { name: 'The one-line reason' }).getAttribute('aria-current'))
    .toBe('location')
  expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)
  await expect.poll(() => progress(page)).toBeGreaterThan(0)

  // Reading on: the bar fills further and the map follows to a later section.
  const before = await progress(page)
  await page.mouse.wheel(0, 500)
  await expect.poll(() => progress(page)).toBeGreaterThan(before)
  await expect
    .poll(() =>
      map.getByRole('link', { name: 'So why does the feather lose on Earth?' }).getAttribute('aria-current'),
    )
    .toBe('location')
  // Tab from the heading the map focused reaches the heading's own "#" link, shown while focused.
  await page.keyboard.press('Tab')
  const anchor = page.getByRole('link', { name: 'Link to this section: The one-line reason' })
  await expect
    .poll(() => anchor.evaluate((link) => link === document.activeElement && getComputedStyle(link).opacity))
    .toBe('1')
  await expectAccessible(page)

  // The address names the section: opening it again lands there. (A reload keeps where the reader
  // had scrolled to, as browsers do.)
  const again = await j.newPage()
  again.setDefaultTimeout(10_000)
  await again.goto(`${path}#the-one-line-reason`)
  await again.getByRole('heading', { level: 1, name: LESSON }).waitFor()
  const sameHeading = again.getByRole('heading', { level: 2, name: 'The one-line reason' })
  await expect.poll(() => belowHeader(again, sameHeading).then(landed)).toBe(true)
  const sameMap = again.getByRole('navigation', { name: 'On this page' })
  await expect
    .poll(() => sameMap.getByRole('link', { name: 'The one-line reason' }).getAttribute('aria-current'))
    .toBe('location')
})

test('on a phone the map is a Contents disclosure above the lesson, closed again once a section is chosen', async () => {
  const page = await j.newPage(PHONE)
  page.setDefaultTimeout(10_000)
  const path = await lessonPath(page)
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: LESSON }).waitFor()

  const map = page.getByRole('navigation', { name: 'Contents' })
  const section = map.getByRole('link', { name: 'So why does the feather lose on Earth?' })
  expect(await section.isVisible()).toBe(false)
  await map.getByText('Contents').click()
  expect(await map.getByRole('link').allTextContents()).toEqual(SECTIONS)
  await expectAccessible(page)

  await section.click()
  await page.waitForURL(`**${path}#so-why-does-the-feather-lose-on-earth`)
  await section.waitFor({ state: 'hidden' })
  const heading = page.getByRole('heading', { level: 2, name: 'So why does the feather lose on Earth?' })
  await expect.poll(() => belowHeader(page, heading).then(landed)).toBe(true)
  await expect.poll(() => progress(page)).toBeGreaterThan(0.5)
  await expectAccessible(page)
})
