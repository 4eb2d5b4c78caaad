import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { PHONE } from './browser.ts'
import { journeyForThisFile } from './journey.ts'

const j = journeyForThisFile()

test('at 390px the menu opens, closes with Escape, and navigates', async () => {
  const page = await j.newPage(PHONE)
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  // At this width the section navigation is hidden until the menu opens.
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

  await toggle.click()
  const close = page.getByRole('button', { name: 'Close menu' })
  expect(await close.getAttribute('aria-expanded')).toBe('true')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Open menu' }).waitFor()
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu')

  await page.keyboard.press('Enter')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const names = await nav.getByRole('link').allTextContents()
  expect(names).toEqual([
    'Home',
    'Academic',
    'Fictions',
    'True Stories',
    'Books Store',
    'Exams Room',
    "Writer's Profile",
    'Forums',
  ])
  await nav.getByRole('link', { name: 'Books Store' }).click()
  await page.waitForURL('**/books')
  await page.getByRole('heading', { name: 'Books Store' }).waitFor()
  await page.getByRole('button', { name: 'Open menu' }).waitFor()
})

test('at 390px the keyboard opens the menu, walks it with Tab and leaves it closed behind', async () => {
  const page = await j.newPage(PHONE)
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  const menu = page.locator('#mobile-menu')
  await menu.getByRole('navigation', { name: 'Main' }).waitFor()
  await expectAccessible(page)

  // Tab goes from the toggle into the menu, Shift+Tab back to it, and the menu stays open.
  await page.keyboard.press('Tab')
  expect(
    await menu
      .getByRole('searchbox', { name: 'Search Inkwell' })
      .evaluate((el) => el === document.activeElement),
  ).toBe(true)
  await page.keyboard.press('Shift+Tab')
  expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')

  // Tab past its last link (Sign in): the menu closes, and focus is on the page it covered.
  const inMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('#mobile-menu')))
  await page.keyboard.press('Tab')
  for (let i = 0; i < 20 && (await inMenu()); i++) await page.keyboard.press('Tab')
  await page.getByRole('button', { name: 'Open menu' }).waitFor()
  expect(await menu.count()).toBe(0)
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
})

test('a tap on the menu before the app has attached to the page opens it once the app has', async () => {
  const page = await j.newPage(PHONE)
  // The app's scripts wait until the tap has been made on the server's markup.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  const loaded = page.goto('/fiction')
  const toggle = page.locator('#root[data-server-rendered]').getByRole('button', { name: 'Open menu' })
  await toggle.click()
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  release()
  await loaded
  const close = page.getByRole('button', { name: 'Close menu' })
  await close.waitFor()
  expect(await close.getAttribute('aria-expanded')).toBe('true')
  await page.locator('#mobile-menu').getByRole('navigation', { name: 'Main' }).waitFor()
})
