import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DESKTOP } from './browser.ts'
import { DEMO_PASSWORD, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

// A server-rendered page (decision 030) is the app drawn on the server: readable with JavaScript
// off, and hydrated by the app with no console error (a hydration mismatch is one), no layout
// shift, no moment without the content, no element replaced, and no second fetch of its data.

/** A free demo post with a long body (server/db/seed). */
const TITLE = 'Standing Waves on a Guitar String'

async function postAddress(): Promise<{ path: string; sentence: string }> {
  const feed = await fetch(`${j.server.url}/api/posts?limit=50`).then((r) => r.json())
  const post = feed.items.find((p: { title: string }) => p.title === TITLE)
  const path = `/learn/${post.author.id}/${post.slug}`
  const full = await fetch(`${j.server.url}/api/posts/by/${post.author.id}/${post.slug}`).then((r) =>
    r.json(),
  )
  // The first sentence of the body's first paragraph, as text.
  const paragraph = /<p>(.*?)<\/p>/.exec(full.bodyHtml)?.[1] ?? ''
  const sentence = paragraph.replace(/<[^>]+>/g, '').split('. ')[0] as string
  return { path, sentence }
}

declare global {
  interface Window {
    __cls: number
    __seen: boolean
    __gap: boolean
    __replaced: boolean
  }
}

/**
 * From the page's first byte: the layout shifts (window.__cls), whether the app ever leaves a
 * gap while it takes over (window.__gap): a "Loading…" state, or, once the heading `title` was
 * there, a moment without it; and whether any heading was ever taken out of the page
 * (window.__replaced): hydrating keeps the server's elements, rendering afresh replaces them.
 */
function watchTakeover(page: Page, title: string | null) {
  return page.addInitScript((title: string | null) => {
    window.__cls = 0
    window.__seen = false
    window.__gap = false
    window.__replaced = false
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) window.__cls += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.removedNodes)
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            window.__replaced = true
      const root = document.getElementById('root')
      if (!root) return
      const statuses = [...root.querySelectorAll('[role="status"]')]
      if (statuses.some((s) => s.textContent?.trim().startsWith('Loading'))) window.__gap = true
      if (title === null) return
      const shown = [...root.querySelectorAll('h1')].some((h) => h.textContent?.includes(title))
      if (shown) window.__seen = true
      else if (window.__seen) window.__gap = true
    }).observe(document, { childList: true, subtree: true })
  }, title)
}

/** Every console error and page error from now on (a hydration mismatch is one: React error #418). */
function errorsOf(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('the app takes over a server-rendered post without an error, a shift, a gap or a second fetch', async () => {
  const { path, sentence } = await postAddress()
  const page = await j.newPage()
  const errors = errorsOf(page)
  const postRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/posts/by/')) postRequests.push(request.url())
  })
  await watchTakeover(page, TITLE)

  await page.goto(path)
  await page.locator('#root[data-server-rendered]').waitFor({ state: 'detached' })
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)

  expect(await page.title()).toBe(`${TITLE} · Inkwell`)
  expect(await page.getByText(sentence).first().isVisible()).toBe(true)
  const { cls, seen, gap, replaced } = await page.evaluate(() => ({
    cls: window.__cls,
    seen: window.__seen,
    gap: window.__gap,
    replaced: window.__replaced,
  }))
  expect(errors).toEqual([])
  expect(postRequests).toEqual([])
  expect(seen).toBe(true)
  expect(gap).toBe(false)
  expect(replaced).toBe(false)
  expect(cls).toBeLessThan(0.1)
})

test('with JavaScript off, the post is there to read', async () => {
  const { path, sentence } = await postAddress()
  const context = await j.browser.newContext({
    javaScriptEnabled: false,
    viewport: DESKTOP,
    baseURL: j.server.url,
  })
  try {
    const page = await context.newPage()
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(`${TITLE} · Inkwell`)
    expect(await page.getByRole('heading', { level: 1, name: TITLE }).isVisible()).toBe(true)
    expect(await page.getByText(sentence).first().isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Grace Okafor' }).first().isVisible()).toBe(true)

    const missing = await page.goto('/learn/nobody/nothing')
    expect(missing?.status()).toBe(404)
  } finally {
    await context.close()
  }
})

test('the app takes over every kind of public page with the data the page carried, fetching none of it', async () => {
  const feed = await fetch(`${j.server.url}/api/posts?limit=1`).then((r) => r.json())
  const books = await fetch(`${j.server.url}/api/books?limit=1`).then((r) => r.json())
  const paths = [
    '/',
    '/academic',
    '/fiction',
    '/truestories',
    '/contents',
    '/subject/physics',
    '/profile',
    '/books',
    `/writer/${feed.items[0].author.id}`,
    `/read/${books.items[0].id}`,
    `/learn/${feed.items[0].author.id}/${feed.items[0].slug}`,
  ]
  // A reader far from UTC: dates must read the same as the server drew them (decision 030).
  const context = await j.browser.newContext({
    viewport: DESKTOP,
    baseURL: j.server.url,
    timezoneId: 'Pacific/Auckland',
  })
  for (const path of paths) {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Reads only (a post's view beacon is a write); the session is carried too (decision 041).
    const fetched: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.method() !== 'GET') return
      if (url.pathname.startsWith('/api/')) fetched.push(`${url.pathname}${url.search}`)
    })
    await watchTakeover(page, null)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await page.locator('#root[data-server-rendered]').waitFor({ state: 'detached' })
    const { cls, gap, replaced } = await page.evaluate(() => ({
      cls: window.__cls,
      gap: window.__gap,
      replaced: window.__replaced,
    }))
    expect({ path, errors, fetched, gap, replaced }).toEqual({
      path,
      errors: [],
      fetched: [],
      gap: false,
      replaced: false,
    })
    expect(cls, path).toBeLessThan(0.1)
    await page.close()
  }
  await context.close()
}, 180_000)

test("a signed-in reader's page is theirs before any script runs, and the app takes it over fetching nothing", async () => {
  // Mei owns "Mechanics Without Tears" (server/db/seed/books.ts) and has read into it.
  const found = await fetch(
    `${j.server.url}/api/books?q=${encodeURIComponent('Mechanics Without Tears')}`,
  ).then((r) => r.json())
  const bookPath = `/read/${found.items[0].id}`
  const context = await j.browser.newContext({ viewport: DESKTOP, baseURL: j.server.url })
  try {
    const page = await context.newPage()
    await page.goto('/login')
    await signInWithForm(page, 'mei@inkwell.test', DEMO_PASSWORD)
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    // The screen signing in led to has fetched what it shows before the book's page is watched.
    await page.waitForLoadState('networkidle')

    // The HTML as it arrives, before any script: her way in, her header, no Buy button.
    const html = await (await page.request.get(bookPath)).text()
    const root = html.slice(html.indexOf('<div id="root"'))
    expect(root).toContain('Continue reading')
    expect(root).not.toMatch(/Buy ·/)
    expect(root).toContain('Dashboard')
    expect(root).not.toMatch(/>Sign in</)

    const errors = errorsOf(page)
    const fetched: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) fetched.push(url.pathname)
    })
    await watchTakeover(page, 'Mechanics Without Tears')
    await page.goto(bookPath)
    await page.locator('#root[data-server-rendered]').waitFor({ state: 'detached' })
    await page.getByRole('link', { name: 'Continue reading' }).waitFor()
    await page.waitForLoadState('networkidle')
    const { cls, gap, replaced } = await page.evaluate(() => ({
      cls: window.__cls,
      gap: window.__gap,
      replaced: window.__replaced,
    }))
    expect(errors).toEqual([])
    // The notification stream is the bell's live feed; nothing else is fetched again.
    expect(fetched.filter((path) => path !== '/api/notifications/stream')).toEqual([])
    expect({ gap, replaced }).toEqual({ gap: false, replaced: false })
    expect(cls).toBeLessThan(0.1)
    expect(await page.getByRole('button', { name: /^Buy/ }).count()).toBe(0)
  } finally {
    await context.close()
  }
}, 120_000)
