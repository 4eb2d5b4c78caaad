// Cold start of the installed app, offline against online, in Debian's Chromium (decision 054).
//
//   node --import ./scripts/polyfills.mjs --import tsx/esm bench/offline.ts [--runs 5] [--path /]
//        [--web-dist dir]
//
// Builds its own copy of the web app (unless --web-dist), starts the server with the demo content,
// installs the service worker in one browser profile (a first visit, then a reload under it), and
// then opens the start address in a new tab of that profile, as a tap on the home-screen icon does:
// `runs` times online, `runs` times offline (the worker answers: the offline page, or the shell
// for a kept address). It reports the median time to the first contentful paint and to the load
// event, and offline / online. Figures only, no assertions.
import fs from 'node:fs'
import os from 'node:os'
import type { BrowserContext } from 'playwright-core'
import { launchBrowser, PHONE } from '../e2e/browser.ts'
import { buildWebApp, startServer } from '../e2e/server.ts'
import { heading, table } from './report.ts'

const args = process.argv.slice(2)
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args.splice(i, 2)[1] : fallback
}
const runs = Number(flag('--runs', '5'))
const startPath = flag('--path', '/')
const givenDist = flag('--web-dist', '')

interface Start {
  fcp: number
  load: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Opens the start address in a new tab of the installed profile: paint and load times (ms). */
async function coldStart(context: BrowserContext, url: string): Promise<Start> {
  const page = await context.newPage()
  try {
    await page.goto(url, { waitUntil: 'load' })
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      return { fcp: paint?.startTime ?? Number.NaN, load: navigation.loadEventEnd }
    })
  } finally {
    await page.close()
  }
}

const webDist = givenDist || buildWebApp()
const server = await startServer({ WEB_DIST: webDist })
const browser = await launchBrowser()
try {
  const context = await browser.newContext({ viewport: PHONE })
  const url = `${server.url}${startPath}`
  const first = await context.newPage()
  await first.goto(url)
  await first.evaluate(() => navigator.serviceWorker.ready)
  await first.reload()
  const controlled = await first.evaluate(() => Boolean(navigator.serviceWorker.controller))
  if (!controlled) throw new Error('The service worker did not take the page after a reload')
  await first.close()

  const online: Start[] = []
  const offline: Start[] = []
  // Alternated, so a busier moment of the machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    await context.setOffline(false)
    online.push(await coldStart(context, url))
    await context.setOffline(true)
    offline.push(await coldStart(context, url))
  }
  await context.close()

  const row = (name: string, starts: Start[]) => [
    name,
    median(starts.map((s) => s.fcp)).toFixed(1),
    median(starts.map((s) => s.load)).toFixed(1),
  ]
  const ratio = (pick: (s: Start) => number) =>
    (median(offline.map(pick)) / median(online.map(pick))).toFixed(2)
  console.log(heading(`Cold start of the installed app at ${startPath}, ${runs} runs each (median ms)`))
  console.log(
    table(
      ['start', 'first contentful paint', 'load event'],
      [
        row('online (the server draws the page)', online),
        row('offline (the worker answers)', offline),
        ['offline / online', `${ratio((s) => s.fcp)}×`, `${ratio((s) => s.load)}×`],
      ],
    ),
  )
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
} finally {
  await browser.close()
  await server.stop()
  if (!givenDist) fs.rmSync(webDist, { recursive: true, force: true })
}
