import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible, screenSettled } from './accessibility.ts'
import { DESKTOP, PHONE } from './browser.ts'
import { journeyForThisFile } from './journey.ts'

const j = journeyForThisFile()

fs.mkdirSync('e2e/screenshots', { recursive: true })
const shoot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png` })

/** Marks the document, so a test can tell an in-app retry (still marked) from a reload. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }))
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window)

// Stops and restarts the server (a second start of its own): run with E2E_SLOW=1. The next journey
// covers the same recovery from the browser's side (a lost connection that comes back).
test.skipIf(process.env.E2E_SLOW !== '1')(
  'a screen that failed while the server was away opens by itself once it is back',
  async () => {
    const page = await j.newPage()
    await page.goto('/')
    await screenSettled(page)
    await mark(page)

    // The server goes away; the Academic screen's file has not been fetched yet.
    await j.server.down()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Academic' }).click()

    await page.getByRole('heading', { level: 1, name: "Can't reach Inkwell right now" }).waitFor()
    await page
      .getByText(
        "Your connection or our server dropped while this page was loading. We'll try again as soon as we're back.",
      )
      .waitFor()
    await page.getByText(/^Trying again in \d+ s…$/).waitFor()
    // The original's error is raised, and kept out of sight behind "Technical details".
    const original = page.getByText('Loading chunk failed')
    expect(await original.count()).toBe(1)
    expect(await original.isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true)
    await expectAccessible(page)
    await shoot(page, 'reconnect-server-away-desktop')
    await page.setViewportSize(PHONE)
    await shoot(page, 'reconnect-server-away-390')
    await page.setViewportSize(DESKTOP)

    // Nothing is pressed: the page finds the server again and loads the screen in place.
    await j.server.up()
    await page.getByRole('heading', { level: 1, name: 'Academic' }).waitFor({ timeout: 45_000 })
    expect(new URL(page.url()).pathname).toBe('/academic')
    expect(await sameDocument(page)).toBe(true)
  },
  90_000,
)

test('offline, it says so, and the screen opens by itself when the connection returns', async () => {
  const page = await j.newPage(PHONE)
  await page.goto('/')
  await screenSettled(page)
  await mark(page)

  await page.context().setOffline(true)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About us' }).click()
  await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor()
  await page.getByRole('status').filter({ hasText: 'Waiting for your connection…' }).waitFor()
  await expectAccessible(page)
  await shoot(page, 'reconnect-offline-390')

  await page.context().setOffline(false)
  await page.getByRole('heading', { level: 1, name: /We built Inkwell/ }).waitFor()
  expect(await sameDocument(page)).toBe(true)
})

test('after a deploy removed the old files, the page reloads once and the screen opens', async () => {
  const page = await j.newPage()
  await page.goto('/')
  await screenSettled(page)
  await mark(page)

  // As after a deploy: the files this tab already has still work, any other one of its build is
  // gone (404) until the page is loaded again and asks for the new build's files.
  const loaded = new Set(
    await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)),
  )
  let reloaded = false
  page.on('request', (request) => {
    if (request.isNavigationRequest()) reloaded = true
  })
  await page.route('**/assets/**', (route) =>
    reloaded || loaded.has(route.request().url()) ? route.continue() : route.fulfill({ status: 404 }),
  )

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click()
  await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor({ timeout: 20_000 })
  expect(reloaded).toBe(true)
  expect(await sameDocument(page)).toBe(false)
  expect(new URL(page.url()).pathname).toBe('/privacy')
})
