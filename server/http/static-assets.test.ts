import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../scripts/vite-precompress.ts'

// A fake build in a temporary directory, precompressed by the same step `vite build` runs, served
// by the real app (decision 014).

const SCRIPT = 'assets/index-AbC_12-z.js'
const STYLES = 'assets/index-Xy9_wV3q.css'
const TINY = 'assets/tiny-Qq1Rr2Ss.js'
const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n')
const FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html><html><head><title>Inkwell</title><script type="module" src="/${SCRIPT}"></script></head><body><div id="root"></div>${lines(100, (i) => `<!-- ${i} -->`)}</body></html>`,
  [SCRIPT]: lines(800, (i) => `export const value${i} = { id: ${i}, label: 'item number ${i}' }`),
  [STYLES]: lines(
    300,
    (i) => `.c${i} { margin: ${i}px; color: #${(i * 4096).toString(16).padStart(6, '0')} }`,
  ),
  [TINY]: 'export const tiny = 1\n',
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${lines(60, (i) => `<circle r="${i}" cx="0" cy="0"/>`)}</svg>`,
  'logo.png': randomBytes(4096),
  'random.json': randomBytes(4096),
}

const ALL = { 'accept-encoding': 'gzip, deflate, br' }
const readOriginal = (dir: string, file: string) => fs.readFileSync(path.join(dir, file))

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-web-'))
  for (const [file, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), content)
  }
  // Left by an earlier build: must not survive once compressing no longer pays.
  fs.writeFileSync(path.join(dir, 'random.json.br'), 'stale')
  return dir
}

describe('precompressDir (the build step)', () => {
  let dir: string
  beforeAll(async () => {
    dir = fakeBuild()
    await precompressDir(dir)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it.each(['index.html', SCRIPT, STYLES, 'favicon.svg'])(
    'writes %s.br and .gz that decompress to the original and are smaller',
    (file) => {
      const original = readOriginal(dir, file)
      const br = readOriginal(dir, `${file}.br`)
      const gz = readOriginal(dir, `${file}.gz`)
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true)
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true)
      expect(br.length).toBeLessThan(original.length)
      expect(gz.length).toBeLessThan(original.length)
    },
  )

  it('skips files under the threshold, formats that are already compressed, and copies that would not be smaller', () => {
    expect(readOriginal(dir, TINY).length).toBeLessThan(PRECOMPRESS_MIN_BYTES)
    for (const file of [TINY, 'logo.png', 'random.json']) {
      expect(fs.existsSync(path.join(dir, `${file}.br`)), `${file}.br`).toBe(false)
      expect(fs.existsSync(path.join(dir, `${file}.gz`)), `${file}.gz`).toBe(false)
    }
  })
})

describe('serving the web build', () => {
  let dir: string
  let t: TestApp
  beforeAll(async () => {
    dir = fakeBuild()
    await precompressDir(dir)
    t = await buildTestApp({ serveWeb: true, webDist: dir })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers })

  it('sends brotli when the client accepts it, with its length and Vary', async () => {
    const res = await get(`/${SCRIPT}`, ALL)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(res.headers['content-length'])).toBe(readOriginal(dir, `${SCRIPT}.br`).length)
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(readOriginal(dir, SCRIPT))).toBe(true)
  })

  it.each([
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
  ])('Accept-Encoding "%s" gets %s', async (accept, encoding) => {
    const res = await get(`/${STYLES}`, { 'accept-encoding': accept })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding)
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    const body = encoding === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload
    expect(body.equals(readOriginal(dir, STYLES))).toBe(true)
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
  })

  it('sends the file itself to a client without Accept-Encoding', async () => {
    const res = await get(`/${SCRIPT}`)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(res.headers['content-length'])).toBe(readOriginal(dir, SCRIPT).length)
    expect(res.rawPayload.equals(readOriginal(dir, SCRIPT))).toBe(true)
  })

  it('sends a file too small to compress as it is, whatever the client accepts', async () => {
    const res = await get(`/${TINY}`, ALL)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(FILES[TINY])
  })

  it('caches hashed files under /assets/ for a year, immutable; other files for an hour, revalidated', async () => {
    for (const file of [SCRIPT, STYLES, TINY]) {
      expect((await get(`/${file}`, ALL)).headers['cache-control'], file).toBe(
        'public, max-age=31536000, immutable',
      )
    }
    for (const file of ['favicon.svg', 'logo.png']) {
      const res = await get(`/${file}`, ALL)
      expect(res.headers['cache-control'], file).toBe('public, max-age=3600, must-revalidate')
      expect(res.headers.etag, file).toBeTruthy()
      expect(res.headers['last-modified'], file).toBeTruthy()
    }
    expect((await get('/favicon.svg', ALL)).headers['content-encoding']).toBe('br')
  })

  it('answers a revalidation with 304 and the same caching', async () => {
    const first = await get('/favicon.svg', ALL)
    const again = await get('/favicon.svg', { ...ALL, 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers['cache-control']).toBe('public, max-age=3600, must-revalidate')
  })

  it.each(['/index.html'])('sends index.html for %s compressed, never cached without asking', async (url) => {
    const res = await get(url, ALL)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(FILES['index.html'])

    const plain = await get(url, { 'accept-encoding': 'gzip' })
    expect(plain.headers['content-encoding']).toBe('gzip')
    expect(plain.headers['cache-control']).toBe('no-cache')
  })

  it("renders the app's addresses into index.html (decisions 026 and 030): compressed, never cached without asking, an unknown one with a 404", async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/aboutus', 200],
      ['/writers/grace', 404],
    ] as const) {
      const res = await get(url, ALL)
      expect(res.statusCode, url).toBe(status)
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      // A page goes out in brotli; the shell of an unknown address as it is.
      expect(res.headers['content-encoding'], url).toBe(status === 200 ? 'br' : undefined)
      const html = status === 200 ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body
      expect(html, url).toContain(`<script type="module" src="/${SCRIPT}"></script>`)
      // A public page holds the app drawn on the server; an unknown address the empty root.
      expect(html, url).toMatch(
        status === 200 ? /<div id="root" data-server-rendered><div/ : /<div id="root"><\/div>/,
      )
    }
  })

  it('answers HEAD with the headers GET would send and no body', async () => {
    for (const url of [`/${SCRIPT}`, '/']) {
      const [head, full] = await Promise.all([get(url, ALL, 'HEAD'), get(url, ALL)])
      expect(head.statusCode, url).toBe(200)
      expect(head.body, url).toBe('')
      for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary']) {
        expect(head.headers[name], `${url} ${name}`).toBe(full.headers[name])
      }
    }
  })

  it('answers a Range request with that part of the file', async () => {
    const original = readOriginal(dir, SCRIPT)
    const res = await get(`/${SCRIPT}`, { range: 'bytes=100-199' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 100-199/${original.length}`)
    expect(res.rawPayload.equals(original.subarray(100, 200))).toBe(true)
  })

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/writers/grace'],
    ['GET', '/assets/index-Gone1234.js'],
    ['GET', `/${SCRIPT}.br`],
  ] as const)('%s %s answers the JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: ALL })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json().error.code).toBe('not_found')
  })
})
