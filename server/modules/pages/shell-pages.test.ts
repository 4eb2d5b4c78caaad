import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { EARLY_TAPS_SCRIPT } from './early-taps.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// What the pages module answers besides a public page (decision 026): the app's shell for screens
// behind sign-in and for unknown addresses, JSON 404s for the API and missing assets, and the one
// inline script a drawn page may run.

let t: TestApp
let dist: string

const get = (url: string) => t.request({ method: 'GET', url })
const robotsOf = (body: string) => /<meta name="robots" content="([^"]*)"/.exec(body)?.[1]

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('inline scripts', () => {
  it("a drawn page's one inline script (early taps) is allowed by its policy's hash, and the shell has none", async () => {
    const inline = (body: string) =>
      [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string)
    const drawn = await get('/fiction')
    const scripts = inline(drawn.body)
    expect(scripts).toEqual([EARLY_TAPS_SCRIPT])
    const hash = `'sha256-${createHash('sha256')
      .update(scripts[0] as string)
      .digest('base64')}'`
    const scriptSrc = /script-src ([^;]*)/.exec(String(drawn.headers['content-security-policy']))?.[1]
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash])
    expect(inline((await get('/dashboard')).body)).toEqual([])
  })
})

describe('every other address', () => {
  it.each(['/no/such/page', '/post/not-a-uuid', '/learn/nobody/nothing', '/writer', '/fiction/extra'])(
    '%s is the app shell with a 404',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toContain('<div id="root"></div>')
      expect(res.body).toContain(
        '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>',
      )
      expect(robotsOf(res.body)).toBe('noindex')
    },
  )

  it('screens behind sign-in are the plain shell, noindex', async () => {
    for (const url of ['/dashboard', '/exams', '/forum/physics', '/admin', '/login']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(robotsOf(res.body), url).toBe('noindex')
      expect(res.body, url).not.toContain('og:title')
      expect(res.body, url).toContain('<div id="root"></div>')
    }
  })

  it('the API and missing assets still answer JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/gone-12345678.js']) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
    }
  })
})
