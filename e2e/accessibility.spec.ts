import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile } from './journey.ts'
import {
  adminPaths,
  type DemoAddresses,
  demoAddresses,
  publicPaths,
  signInByApi,
  walk,
  walkMenus,
  writerPaths,
} from './route-walk.ts'

// Every screen of the router, signed out, as a writer and as an admin: at 1280 px with axe
// (serious and critical violations, and the heading rules), then at 320 px, where nothing may
// scroll sideways and axe looks again at what the layout changes. One browser, one context per
// person, one screen after another: about a minute on a quiet machine.
const j = journeyForThisFile()

// Each person's walk gets its own minutes: a phone layout is three dozen screens checked twice.
const WALK_TIMEOUT = 300_000

let addresses: DemoAddresses | undefined
async function pageFor(email?: string): Promise<{ page: Page; a: DemoAddresses }> {
  const page = await j.newPage()
  addresses ??= await demoAddresses(page.request)
  if (email) await signInByApi(page, j.server.url, email, DEMO_PASSWORD)
  return { page, a: addresses }
}

test(
  'signed out, every public screen and the mobile menu pass axe and fit 320 px',
  async () => {
    const { page, a } = await pageFor()
    const problems = await walk(page, publicPaths(a), 'signed out')
    problems.push(...(await walkMenus(page, 'signed out', false)))
    expect(problems).toEqual([])
  },
  WALK_TIMEOUT,
)

test(
  "a writer's screens, the account menu and the mobile menu pass axe and fit 320 px",
  async () => {
    const { page, a } = await pageFor(DEMO_WRITER)
    const problems = await walk(page, writerPaths(a), 'writer')
    problems.push(...(await walkMenus(page, 'writer', true)))
    expect(problems).toEqual([])
  },
  WALK_TIMEOUT,
)

test(
  "an admin's screens pass axe and fit 320 px",
  async () => {
    const { page, a } = await pageFor(DEMO_ADMIN)
    expect(await walk(page, adminPaths(a), 'admin')).toEqual([])
  },
  WALK_TIMEOUT,
)
