import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible, NARROWEST } from './accessibility.ts'
import { DEMO_PASSWORD, journeyForThisFile } from './journey.ts'

// The installable app and focus mode (issue 31, decision 054) in Chromium: the install criteria
// (a valid manifest whose icons load, a worker that controls the page), the offline page on an
// address that was not kept, and the reader's focus mode by keyboard at 320 px.

const j = journeyForThisFile()
/** A demo reader who owns books, each with a place saved (server/db/seed). */
const OWNER = 'hannah@inkwell.test'

interface Manifest {
  name: string
  short_name: string
  start_url: string
  display: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
}

/** The width an image decodes to in the page, 0 when it does not load. */
const decodedWidth = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<number>((resolve) => {
        const image = new Image()
        image.onload = () => resolve(image.naturalWidth)
        image.onerror = () => resolve(0)
        image.src = url
      }),
    src,
  )

test('installs: a valid manifest, a worker in control after a reload, and the offline page for an address not kept', async () => {
  const page = await j.newPage()
  await page.goto('/')

  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const manifest: Manifest = await (await page.request.get(href!)).json()
  expect(manifest).toMatchObject({
    name: 'Inkwell',
    short_name: 'Inkwell',
    start_url: '/',
    display: 'standalone',
  })
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ])
  for (const icon of manifest.icons)
    expect(await decodedWidth(page, icon.src), icon.src).toBe(Number(icon.sizes.split('x')[0]))

  // The worker installs beside the first page without taking it over; the next load is its.
  const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))
  expect(script).toBe(`${j.server.url}/service-worker.js`)
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  await page.reload()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(script)

  // Under the worker, pages still come from the server and the API is the browser's own.
  const academic = await page.goto('/academic')
  expect(academic?.status()).toBe(200)
  await page.getByRole('heading', { level: 1, name: 'Academic' }).waitFor()
  const api = page.waitForResponse((response) => response.url().endsWith('/api/health'))
  await page.evaluate(() => fetch('/api/health'))
  expect((await api).fromServiceWorker()).toBe(false)

  // Offline, an address nobody kept: the offline page, in place of the address.
  await page.context().setOffline(true)
  await page.goto('/fiction')
  await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor()
  await page
    .getByText("Pages you kept are still here; this one isn't. Try again when you're back online.")
    .waitFor()
  expect(new URL(page.url()).pathname).toBe('/fiction')
  await expectAccessible(page)
  // Retry asks again (still offline: the same page); back online, the page asks again by itself.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Retry' }).click()])
  await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor()
  await page.context().setOffline(false)
  await page.getByRole('heading', { level: 1, name: 'Fiction' }).waitFor()
})

test('focus mode by keyboard at 320 px: the menus go, Escape and the Focus toggle bring them back', async () => {
  const page = await j.newPage(NARROWEST)
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: OWNER, password: DEMO_PASSWORD },
    headers: { origin: j.server.url },
  })
  expect(signedIn.ok()).toBe(true)
  const library: { items: { book: { id: string }; position: { chapterId: string } | null }[] } = await (
    await page.request.get('/api/me/library')
  ).json()
  const kept = library.items.find((item) => item.position)!
  await page.goto(`/read/${kept.book.id}?chapter=${kept.position!.chapterId}`)

  const header = page.getByRole('banner')
  const focusToggle = page.getByRole('button', { name: 'Focus' })
  await focusToggle.waitFor()
  expect(await header.isVisible()).toBe(false)
  expect(await page.getByRole('contentinfo').isVisible()).toBe(false)
  expect(await focusToggle.getAttribute('aria-pressed')).toBe('true')
  // Nothing scrolls sideways at 320 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAccessible(page)

  await page.keyboard.press('Escape')
  await header.waitFor()
  expect(await page.getByRole('contentinfo').isVisible()).toBe(true)
  expect(await focusToggle.getAttribute('aria-pressed')).toBe('false')

  // Tab to the toggle (the bar is last on the page), press it: the menus go, focus stays, seen.
  const onToggle = () => page.evaluate(() => document.activeElement?.textContent === 'Focus')
  await page.keyboard.press('Shift+Tab')
  for (let i = 0; i < 10 && !(await onToggle()); i++) await page.keyboard.press('Shift+Tab')
  expect(await onToggle()).toBe(true)
  await page.keyboard.press('Enter')
  await header.waitFor({ state: 'hidden' })
  expect(await focusToggle.getAttribute('aria-pressed')).toBe('true')
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true)
  expect(await onToggle()).toBe(true)
})
