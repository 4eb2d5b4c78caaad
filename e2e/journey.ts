import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest'
import { type Mailbox, startMailbox } from '../server/test/mailbox.ts'
import { DESKTOP, launchBrowser } from './browser.ts'
import { type RunningServer, startServer } from './server.ts'

export const DEMO_PASSWORD = 'inkwell-demo'
export const DEMO_WRITER = 'grace@inkwell.test'
export const DEMO_ADMIN = 'admin@inkwell.test'
/** A demo account that reads (and likes, comments, reports) other people's posts. */
export const DEMO_READER = 'tomas@inkwell.test'

export interface Journey {
  server: RunningServer
  mailbox: Mailbox
  browser: Browser
  /** A fresh browser profile (no cookies) at the given viewport. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>
  close(): Promise<void>
}

/**
 * One Chromium per test worker. A worker runs its journey files one after another, sharing this
 * module (isolate: false), and each journey works in fresh browser contexts of its own, which it
 * closes: no cookie, storage or service worker crosses files. Launching a browser per file cost
 * each file about a second of both cores. Playwright closes it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined
async function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser || !(await workerBrowser).isConnected()) workerBrowser = launchBrowser()
  return workerBrowser
}

/**
 * Everything a journey needs, as a person would meet it: the built app started as its own process
 * (on its own copy of the demo's data directory), a real SMTP mailbox it sends to, and Debian's
 * Chromium.
 */
export async function startJourney(): Promise<Journey> {
  const mailbox = await startMailbox()
  const server = await startServer(
    { WEB_DIST: inject('webDist'), SMTP_URL: mailbox.url },
    { copyOf: inject('demoDataDir') },
  )
  const browser = await sharedBrowser()
  const contexts: BrowserContext[] = []
  return {
    server,
    mailbox,
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: server.url })
      contexts.push(context)
      const page = await context.newPage()
      hydratedOnLoad(page)
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      onTestFailed(async ({ task }) => {
        const dir = path.join('e2e', 'screenshots', 'failures')
        fs.mkdirSync(dir, { recursive: true })
        await page.screenshot({
          path: path.join(dir, `${task.name.replace(/\W+/g, '-')}.png`),
          fullPage: true,
        })
        if (errors.length) console.log(`page errors: ${errors.join('\n')}`)
      })
      return page
    },
    async close() {
      for (const context of contexts) await context.close()
      await server.stop()
      await mailbox.close()
    },
  }
}

/**
 * A public page arrives drawn by the server, and the app attaches to it a moment later
 * (decision 030): a click before that does nothing, for a journey as for a reader. So each
 * `goto` and `reload` resolves once the app has hydrated the page (the root loses its
 * data-server-rendered mark); on a screen the server did not draw, at once.
 */
function hydratedOnLoad(page: Page) {
  const hydrated = () =>
    page.waitForFunction(() => !document.querySelector('#root[data-server-rendered]'), undefined, {
      timeout: 15_000,
    })
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await hydrated()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await hydrated()
    return response
  }
}

/** The journey of this spec file: started before its tests, closed after them. */
export function journeyForThisFile(): Journey {
  let journey: Journey | undefined
  beforeAll(async () => {
    journey = await startJourney()
  })
  afterAll(() => journey?.close())
  const current = () => {
    if (!journey) throw new Error('The journey has not started (use it inside a test)')
    return journey
  }
  return {
    get server() {
      return current().server
    },
    get mailbox() {
      return current().mailbox
    },
    get browser() {
      return current().browser
    },
    newPage: (viewport) => current().newPage(viewport),
    close: () => current().close(),
  }
}

/** Signs in through the real login form (its password tab). */
export async function signInWithForm(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel', { name: 'Password' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** A writer's id, found by name in the writers directory (through the page's own session). */
export async function writerIdOf(page: Page, name: string): Promise<string> {
  const found: { items: { id: string; name: string }[] } = await page.request
    .get(`/api/writers?q=${encodeURIComponent(name)}`)
    .then((r) => r.json())
  const writer = found.items.find((w) => w.name === name)
  if (!writer) throw new Error(`No writer named ${name}`)
  return writer.id
}
