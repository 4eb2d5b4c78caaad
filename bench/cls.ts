// Cumulative Layout Shift of a screen while it loads, in Debian's Chromium on a throttled network.
//
//   node --import ./scripts/polyfills.mjs --import tsx/esm bench/cls.ts [--path /learn/<uid>/<slug>]...
//        [--runs 3] [--latency 150] [--down-kbps 1600] [--up-kbps 750] [--cpu 1] [--web-dist dir]
//
// Builds its own copy of the web app (unless --web-dist), starts the server with the demo content,
// and opens each path signed out at 1280 px and at 390 px, each run in a fresh profile (nothing
// cached). Every 'layout-shift' entry without recent input is recorded from the first paint until
// the page has been quiet for a second after its last request; the report gives the page's CLS (the
// largest session window: shifts less than 1 s apart, at most 5 s long, as web-vitals counts it)
// and the shifts of the first run with the elements that moved. Figures only, no assertions.
import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { DESKTOP, launchBrowser, PHONE } from '../e2e/browser.ts'
import { buildWebApp, startServer } from '../e2e/server.ts'
import { heading, table } from './report.ts'

const args = process.argv.slice(2)
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args.splice(i, 2)[1] : fallback
}
const paths: string[] = []
for (let i = args.indexOf('--path'); i >= 0; i = args.indexOf('--path')) paths.push(args.splice(i, 2)[1])
const runs = Number(flag('--runs', '3'))
// Lighthouse's mobile profile ("slow 4G"): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const network = {
  offline: false,
  latency: Number(flag('--latency', '150')),
  downloadThroughput: (Number(flag('--down-kbps', '1600')) * 1000) / 8,
  uploadThroughput: (Number(flag('--up-kbps', '750')) * 1000) / 8,
}
const cpu = Number(flag('--cpu', '1'))
const givenDist = flag('--web-dist', '')

type Viewport = { width: number; height: number }

interface Shift {
  value: number
  time: number
  sources: string[]
}

// Runs in the page before its own scripts: keeps every shift the reader did not cause. A string,
// not a function: tsx would wrap a function's inner helpers in its own __name(), unknown to the page.
const OBSERVE = `
  window.__shifts = []
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(gone)'
    const classes = typeof node.className === 'string' ? node.className.split(/\\s+/).slice(0, 3) : []
    return [node.tagName.toLowerCase() + (node.id ? '#' + node.id : ''), ...classes].join('.')
  }
  const y = (rect) => (rect.height ? Math.round(rect.y) : 'off')
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue
      window.__shifts.push({
        value: entry.value,
        time: entry.startTime,
        sources: entry.sources.map((s) => describe(s.node) + ' y ' + y(s.previousRect) + '→' + y(s.currentRect)),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
`

/** CLS as web-vitals reports it: the largest sum of a session window. */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0
  let sum = 0
  let first = Number.NEGATIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (const shift of shifts) {
    if (shift.time - last < 1000 && shift.time - first < 5000) sum += shift.value
    else {
      sum = shift.value
      first = shift.time
    }
    last = shift.time
    worst = Math.max(worst, sum)
  }
  return worst
}

interface Target {
  path: string
  title: string
  authorId: string
}

/**
 * One load of `target` in a fresh profile: opened by its address, or reached by a click on its
 * link on the writer's page (a client-side navigation: the shifts of the 500 ms after the click
 * are the reader's own and do not count, as in any CLS).
 */
async function measure(browser: Browser, target: Target, viewport: Viewport, how: 'opened' | 'clicked') {
  const context = await browser.newContext({ viewport, baseURL: server.url })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', network)
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    await page.addInitScript({ content: OBSERVE })
    if (how === 'clicked') {
      await page.goto(`/writer/${target.authorId}`, { waitUntil: 'networkidle' })
      await page.evaluate(() => {
        ;(window as unknown as { __shifts: Shift[] }).__shifts.length = 0
      })
    }
    const started = Date.now()
    if (how === 'clicked')
      await page.getByRole('main').getByRole('link', { name: target.title, exact: true }).first().click()
    else await page.goto(target.path)
    await page.getByRole('main').getByRole('heading', { level: 1, name: target.title }).waitFor()
    const loaded = Date.now() - started
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    const shifts = (await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)) ?? []
    return { cls: cumulativeLayoutShift(shifts), shifts, ms: loaded }
  } finally {
    await context.close()
  }
}

const webDist = givenDist || buildWebApp()
const server = await startServer({ WEB_DIST: webDist })
const browser = await launchBrowser()
try {
  if (!paths.length) {
    // By default the first featured lesson: a long post with headings, as a reader most often meets it.
    const feed = await fetch(`${server.url}/api/posts?category=academic&sort=featured&limit=1`).then((r) =>
      r.json(),
    )
    paths.push(`/learn/${feed.items[0].author.id}/${feed.items[0].slug}`)
  }
  console.log(heading('Layout shift while a screen loads (Chromium, signed out, fresh profile)'))
  console.log(
    `network  ${network.latency} ms round trip, ${(network.downloadThroughput * 8) / 1000} kbit/s down, ` +
      `${(network.uploadThroughput * 8) / 1000} kbit/s up; CPU ${cpu}× slower; ${runs} runs each`,
  )
  for (const p of paths) {
    const [, , authorId, slug] = p.split(/[/#?]/)
    const post = await fetch(`${server.url}/api/posts/by/${authorId}/${slug}`).then((r) => r.json())
    const target = { path: p, title: post.title as string, authorId }
    const rows: string[][] = []
    const details: string[] = []
    for (const how of ['opened', 'clicked'] as const)
      for (const [device, viewport] of [
        ['desktop 1280', DESKTOP],
        ['phone 390', PHONE],
      ] as const) {
        const name = `${how === 'opened' ? 'address' : 'from writer page'}, ${device}`
        const results = []
        for (let i = 0; i < runs; i++) results.push(await measure(browser, target, viewport, how))
        const sorted = results.map((r) => r.cls).sort((a, b) => a - b)
        rows.push([
          name,
          ...results.map((r) => r.cls.toFixed(3)),
          sorted[Math.floor(sorted.length / 2)].toFixed(3),
          String(results[0].shifts.length),
          `${(results[0].ms / 1000).toFixed(1)} s`,
        ])
        for (const shift of results[0].shifts)
          details.push(
            `${name}  ${Math.round(shift.time)} ms  ${shift.value.toFixed(4)}  ${shift.sources.join('; ')}`,
          )
      }
    console.log(`\n${p} (“${target.title}”)\n`)
    console.log(
      table(
        [
          'how, viewport',
          ...Array.from({ length: runs }, (_, i) => `run ${i + 1}`),
          'CLS median',
          'shifts',
          'h1 after',
        ],
        rows,
      ),
    )
    console.log(
      `\nShifts of each first run (page time, score, what moved):\n${details.join('\n') || '(none)'}`,
    )
  }
  console.log(
    '\nCLS: the largest session window of layout-shift scores (good below 0.1, poor above 0.25, per web.dev).',
  )
} finally {
  await browser.close()
  await server.stop()
  if (!givenDist) fs.rmSync(webDist, { recursive: true, force: true })
}
