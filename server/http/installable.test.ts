import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'

// The installable app (decision 054) as the server hands it out: web/public's manifest, icons and
// offline page as they are committed, beside a service worker standing in for the one the build
// writes, served by the real app.

const PUBLIC = path.resolve('web/public')
const WORKER = 'self.addEventListener("fetch", () => {})\n'

interface Manifest {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`

describe('the installable app', () => {
  let dir: string
  let t: TestApp
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-installable-'))
    fs.cpSync(PUBLIC, dir, { recursive: true })
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    )
    fs.writeFileSync(path.join(dir, 'service-worker.js'), WORKER)
    t = await buildTestApp({ serveWeb: true, webDist: dir })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  const get = (url: string) => t.app.inject({ method: 'GET', url })

  it('serves the service worker as JavaScript, revalidated on every visit, under the pages’ CSP', async () => {
    const res = await get('/service-worker.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(WORKER)
    // Its scope is the site (it is served from /): no Service-Worker-Allowed needed. A worker's
    // script is allowed by script-src 'self'; nothing narrows worker-src or manifest-src.
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/worker-src|manifest-src/)
    expect(res.headers['service-worker-allowed']).toBeUndefined()
  })

  it('serves the manifest as application/manifest+json: name, start, standalone, colours', async () => {
    const res = await get('/manifest.webmanifest')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(res.headers['cache-control']).toBe('public, max-age=3600, must-revalidate')
    const manifest = res.json<Manifest>()
    expect(manifest).toMatchObject({
      name: 'Inkwell',
      short_name: 'Inkwell',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('serves every icon the manifest lists, a PNG of its declared size, with a maskable 512', async () => {
    const { icons } = (await get('/manifest.webmanifest')).json<Manifest>()
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    for (const icon of icons) {
      const res = await get(icon.src)
      expect(res.statusCode, icon.src).toBe(200)
      expect(res.headers['content-type'], icon.src).toBe(icon.type)
      expect(pngSize(res.rawPayload), icon.src).toBe(icon.sizes)
    }
  })

  it('serves the offline page and its script, with no inline script the CSP would refuse', async () => {
    const page = await get('/offline.html')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain("You're offline")
    expect(page.body).toContain('Retry')
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/offline.js">'])
    const script = await get('/offline.js')
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8')
  })
})
