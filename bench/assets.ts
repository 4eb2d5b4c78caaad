import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { launchBrowser } from '../e2e/browser.ts'
import { type RunningServer, startServer } from '../e2e/server.ts'
import { precompressDir } from '../scripts/vite-precompress.ts'
import type { Defer } from './database.ts'
import type { SectionReport } from './foundation.ts'
import { heading, int, ratio, table } from './report.ts'

// The home page's weight on the wire and its time to the heading on a slow network (decision
// 014). One build, served twice by the real server as its own process with the
// demo content: "before" from a copy without the .br/.gz files (every file as it is, as the server
// sent them before), "after" as `npm run build` leaves it. Chromium (Debian's) loads the home page
// signed out in a fresh profile each run, through DevTools network throttling.

export interface AssetsBenchOptions {
  defer: Defer
  progress: (line: string) => void
}

const RUNS = 3
/** The slow connection: 400 ms round trip, 400 kbit/s each way. */
const NETWORK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 }
const ENCODED_COPY = /\.(?:br|gz)$/

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const seconds = (ms: number) => (ms / 1000).toFixed(2)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** A body as it crosses the wire (node:http neither asks for nor undoes any encoding itself). */
function wireGet(url: string, acceptEncoding?: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`))
          else
            resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'identity' })
        })
      })
      .on('error', reject)
  })
}

/** Median wall time of `fn` over `times` calls, in ms. */
async function timeIt(times: number, fn: () => unknown): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return median(samples)
}

/** What index.html loads before the app can render: its scripts, module preloads and stylesheets. */
function initialFiles(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
}

interface PageLoad {
  fcp: number
  h1: number
  requests: number
  bytes: number
  initialBytes: number
  apiBytes: number
  apiUrls: string[]
}

// Runs in the page before its scripts: the time the first heading of the screen is in the document.
const WATCH_HEADING = () => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('main h1')) return
    Object.assign(window, { __h1: performance.now() })
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })
}

/** One signed-out visit of / in a fresh profile; with `repeat`, a second visit in the same profile. */
async function loadHome(browser: Browser, origin: string, repeat = false): Promise<PageLoad> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await page.addInitScript(WATCH_HEADING)
    if (repeat) await page.goto(origin, { waitUntil: 'networkidle' })
    const types = new Map<string, string>()
    const sizes = new Map<string, number>()
    const apiUrls: string[] = []
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type)
      if (e.type === 'Fetch' || e.type === 'XHR') apiUrls.push(e.response.url)
    })
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength))
    await page.goto(origin, { waitUntil: 'networkidle' })
    await page.locator('main h1').first().waitFor()
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      h1: (window as unknown as { __h1?: number }).__h1 ?? Number.NaN,
    }))
    const sum = (kinds?: string[]) =>
      [...sizes].reduce((total, [id, size]) => {
        const type = types.get(id) ?? 'Other'
        return kinds && !kinds.includes(type) ? total : total + size
      }, 0)
    return {
      ...timing,
      // A file from the browser's cache crosses no wire: 0 bytes.
      requests: [...sizes.values()].filter((size) => size > 0).length,
      bytes: sum(),
      initialBytes: sum(['Document', 'Script', 'Stylesheet']),
      apiBytes: sum(['Fetch', 'XHR']),
      apiUrls,
    }
  } finally {
    await context.close()
  }
}

export async function assetsBench({ defer, progress }: AssetsBenchOptions): Promise<SectionReport> {
  const tmp = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `inkwell-bench-${name}-`))
    defer(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }))
    return dir
  }
  progress('assets: building the web app (vite build, with the precompress step)')
  const after = tmp('web')
  let started = performance.now()
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    build: { outDir: after, emptyOutDir: true },
  })
  const buildMs = performance.now() - started
  const before = tmp('web-plain')
  fs.cpSync(after, before, { recursive: true, filter: (file) => !ENCODED_COPY.test(file) })
  // The precompress step alone, on a copy of the plain build.
  const scratch = tmp('web-scratch')
  fs.cpSync(before, scratch, { recursive: true })
  started = performance.now()
  const summary = await precompressDir(scratch)
  const precompressMs = performance.now() - started

  const start = async (name: string, dir: string): Promise<RunningServer> => {
    progress(`assets: starting the server (${name}) with the demo content`)
    const server = await startServer({
      WEB_DIST: dir,
      NODE_ENV: 'production',
      AUTH_SECRET: randomUUID().repeat(2),
      RATE_LIMIT: 'false',
    })
    defer(`stop the ${name} server`, () => server.stop())
    return server
  }
  const servers = { before: await start('before', before), after: await start('after', after) }

  // 1. Bytes of the files the home page needs before it can render, by what the client accepts.
  const origin = servers.after.url
  const files = ['/', ...initialFiles(fs.readFileSync(path.join(after, 'index.html'), 'utf8'))]
  const encodings = [undefined, 'gzip', 'gzip, deflate, br'] as const
  const rows: string[][] = []
  const totals = encodings.map(() => 0)
  for (const file of files) {
    const answers = await Promise.all(encodings.map((accept) => wireGet(origin + file, accept)))
    answers.forEach((answer, i) => {
      totals[i] += answer.body.length
    })
    const [plain, , br] = answers
    rows.push([
      file === '/' ? '/ (index.html)' : file,
      ...answers.map((answer) => int(answer.body.length)),
      br.encoding,
      ratio(br.body.length / plain.body.length),
    ])
  }
  rows.push(['total', ...totals.map(int), '', ratio(totals[2] / totals[0])])

  // 2. Chromium on the slow network, before and after; then a repeat visit (warm cache) after.
  progress(`assets: Chromium, ${RUNS} cold visits of / per server on a throttled network`)
  const browser = await launchBrowser()
  defer('close Chromium', () => browser.close())
  const loads: Record<string, PageLoad[]> = { before: [], after: [], repeat: [] }
  for (let i = 0; i < RUNS; i++) {
    for (const name of ['before', 'after'] as const)
      loads[name].push(await loadHome(browser, servers[name].url))
  }
  loads.repeat.push(await loadHome(browser, servers.after.url, true))
  const summarize = (label: string, runs: PageLoad[]) => [
    label,
    runs.map((r) => seconds(r.fcp)).join(' / '),
    seconds(median(runs.map((r) => r.h1))),
    int(runs[0].requests),
    kib(runs[0].initialBytes),
    kib(runs[0].apiBytes),
    kib(runs[0].bytes),
  ]
  const [b, a] = [loads.before, loads.after].map((runs) => ({
    h1: median(runs.map((r) => r.h1)),
    fcp: median(runs.map((r) => r.fcp)),
    bytes: runs[0].bytes,
  }))

  // 3. The API's JSON on that page: what compressing it on the fly would save, and cost per response
  // at the usual on-the-fly settings (brotli quality 4, gzip level 6), against the request itself.
  progress('assets: the home page API responses, compressed on the fly')
  const apiRows: string[][] = []
  const api = { plain: 0, br: 0 }
  for (const url of new Set(loads.after[0].apiUrls)) {
    const { body } = await wireGet(url)
    const brotli = (data: Buffer) =>
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    const br = brotli(body)
    api.plain += body.length
    api.br += br.length
    apiRows.push([
      new URL(url).pathname + new URL(url).search,
      int(body.length),
      int(zlib.gzipSync(body, { level: 6 }).length),
      int(br.length),
      (await timeIt(200, () => brotli(body))).toFixed(3),
      (await timeIt(30, () => wireGet(url))).toFixed(2),
    ])
  }
  apiRows.push(['total', int(api.plain), '', int(api.br), '', ''])

  const text = [
    heading('Assets: the home page on the wire'),
    `build     vite build ${seconds(buildMs)} s in this process, of which precompressing ${summary.files} files ` +
      `${seconds(precompressMs)} s (${kib(summary.original)} KiB → ${kib(summary.br)} KiB brotli, ${kib(summary.gz)} KiB gzip)`,
    '',
    'Files index.html loads before the app renders, body bytes by Accept-Encoding (none / gzip / "gzip, deflate, br"):',
    '',
    table(['file', 'none', 'gzip', 'br', 'sent as', 'br/none'], rows),
    '',
    `Chromium, signed out, fresh profile, / until the network is idle; ${NETWORK.latency} ms round trip, ` +
      `${(NETWORK.downloadThroughput * 8) / 1000} kbit/s each way (DevTools throttling). KiB include headers.`,
    '',
    table(
      [
        'visit',
        `FCP s (${RUNS} runs)`,
        'h1 s (p50)',
        'requests on the wire',
        'document+JS+CSS KiB',
        'API KiB',
        'all KiB',
      ],
      [
        summarize('before: every file as it is', loads.before),
        summarize('after: precompressed', loads.after),
        summarize('after, second visit (cached)', loads.repeat),
      ],
    ),
    '',
    `after/before: first paint ${ratio(a.fcp / b.fcp)}, heading ${ratio(a.h1 / b.h1)}, bytes ${ratio(a.bytes / b.bytes)}`,
    '',
    'The API responses of that visit (signed out), body bytes as sent and if compressed on the fly; time to',
    'compress one with brotli 4, against a whole request from 127.0.0.1 (p50 of 30, unthrottled):',
    '',
    table(['request', 'bytes', 'gzip 6', 'br 4', 'br 4 ms', 'request ms'], apiRows),
  ].join('\n')
  const failures = [...loads.before, ...loads.after, ...loads.repeat].some((r) => !Number.isFinite(r.h1))
    ? ['assets: a visit never showed the home page heading']
    : []
  return { text, failures }
}
