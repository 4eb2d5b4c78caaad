// Home's hydration at 4× CPU slowdown: every main-thread task over 50 ms from navigation
// until the app has taken over the server's markup (#root loses data-server-rendered) and one
// second after, read from Chromium's trace (devtools.timeline), each named by what filled most of
// it: JavaScript (module evaluation, React's hydration, effects) or rendering (parsing, styling,
// laying out and painting the server's HTML, which happens before any script and without one).
// The goal is no script task over 100 ms. Tracing slows the browser a little: the figures are an
// upper bound of what the page does untraced.
// Needs `npm run build` (WEB_DIST=other-dist to measure another build); Debian's chromium.
//   node --import ./scripts/polyfills.mjs --import tsx/esm bench/hydration.ts [runs] [path]
// `post` as the path stands for the demo's newest post (its address is looked up on the server).
import os from 'node:os'
import { launchBrowser } from '../e2e/browser.ts'
import { startServer } from '../e2e/server.ts'

const RUNS = Number(process.argv[2] ?? 5)
const ASKED = process.argv[3] ?? '/'
const LONG_US = 50_000

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

const SCRIPT = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'RunMicrotasks', 'TimerFire'])
const RENDERING = new Set([
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
])

/** The page's main thread: the renderer main thread with the most events. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const of = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X')
  return threads.map(of).sort((a, b) => b.length - a.length)[0] ?? []
}

interface LongTask {
  at: number
  ms: number
  kind: 'script' | 'rendering'
}

/** Each long task, named by what took most of it. */
function longTasks(thread: TraceEvent[]): LongTask[] {
  const origin = thread[0]?.ts ?? 0
  return thread
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_US)
    .map((task) => {
      const inside = thread.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0),
      )
      const sum = (names: Set<string>) =>
        inside.filter((e) => names.has(e.name)).reduce((total, e) => total + (e.dur ?? 0), 0)
      return {
        at: Math.round((task.ts - origin) / 1000),
        ms: Math.round((task.dur ?? 0) / 1000),
        kind: sum(SCRIPT) >= sum(RENDERING) ? 'script' : 'rendering',
      }
    })
}

const server = await startServer({ WEB_DIST: process.env.WEB_DIST ?? 'dist' })
const PATH = ASKED === 'post' ? await newestPostPath(server.url) : ASKED

async function newestPostPath(url: string): Promise<string> {
  const { items } = (await (await fetch(`${url}/api/posts?limit=1`)).json()) as {
    items: { slug: string; author: { id: string } }[]
  }
  return `/learn/${items[0].author.id}/${items[0].slug}`
}
const browser = await launchBrowser()
try {
  const runs: LongTask[][] = []
  let scripts: { name: string; bytes: number }[] = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    })
    await page.goto(`${server.url}${PATH}`, { waitUntil: 'load' })
    await page.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-server-rendered'),
      null,
      { timeout: 60_000 },
    )
    // Tasks that end after the takeover's effect (the last boundaries) are still hydration's.
    await page.waitForTimeout(1000)
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    runs.push(longTasks(mainThread(trace.traceEvents)))
    // The JavaScript the page downloaded until it settled, as it came over the wire (compressed).
    scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({
          name: new URL(r.name).pathname,
          bytes: (r as PerformanceResourceTiming).encodedBodySize,
        })),
    )
    await context.close()
  }
  const longest = (tasks: LongTask[], kind: LongTask['kind']) =>
    Math.max(0, ...tasks.filter((t) => t.kind === kind).map((t) => t.ms))
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
  console.log(
    `${PATH} at 4× CPU slowdown, traced; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}`,
  )
  for (const tasks of runs)
    console.log(
      `  tasks over 50 ms: ${tasks.map((t) => `${t.ms} ms ${t.kind} at ${t.at}`).join(', ') || 'none'}`,
    )
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0)
  const largest = scripts
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, Number(process.env.LIST ?? 6))
    .map((s) => `${s.name.replace('/assets/', '')} ${(s.bytes / 1024).toFixed(1)}`)
  console.log(
    `JavaScript downloaded until settled: ${(total / 1024).toFixed(1)} KB on the wire in ${scripts.length} files; largest (KB): ${largest.join(', ')}`,
  )
  console.log(
    `median longest script task (module evaluation, hydration): ${median(runs.map((r) => longest(r, 'script')))} ms`,
  )
  console.log(
    `median longest rendering task (the server's HTML laid out): ${median(runs.map((r) => longest(r, 'rendering')))} ms`,
  )
} finally {
  await browser.close()
  await server.stop()
}
