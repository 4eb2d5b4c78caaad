import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'
import { fakeWebBuild } from './fake-web-build.ts'
import { CONTENT_PAGES, SHELL_PAGES } from './pages.routes.ts'

// Which addresses are pages (decision 026): exactly the web app's router's, each at one URL.

let t: TestApp
let dist: string
const posts = { free: '' }

const get = (url: string) => t.request({ method: 'GET', url })

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist })
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  const grace = await createUser(t, { name: 'Grace Okafor' })
  const { slug } = await publishedPost(t, admin, grace, {
    title: 'A free story',
    access: 'free',
    bodyHtml: '<p>Free</p>',
  })
  posts.free = `/learn/${grace.id}/${slug}`
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('one address per page', () => {
  it('an address with a trailing slash is sent to the same page without it, never to another host', async () => {
    for (const [url, to] of [
      ['/fiction/', '/fiction'],
      ['/books//?sort=bestselling', '/books?sort=bestselling'],
      [`${posts.free}/`, posts.free],
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(301)
      expect(res.headers.location, url).toBe(to)
    }
    // (light-my-request reads "/\\x/" as a URL on host x, so only the first reaches the handler as is.)
    for (const url of ['//evil.example/', '/\\evil.example/'])
      expect((await get(url)).headers.location, url).toBeUndefined()
    expect((await get('//evil.example/')).statusCode).toBe(404)
  })
})

describe('the route table', () => {
  it("names exactly the paths of the web app's router", () => {
    const source = fs.readFileSync(path.resolve('web/app/router.tsx'), 'utf8')
    const routerPaths = [...source.matchAll(/(?:path: |soon\()'([^']+)'/g)]
      .map((m) => m[1] as string)
      .filter((p) => p !== '/' && p !== '*')
      .map((p) => `/${p}`)
    // The index route is the home page.
    expect(source).toContain('{ index: true,')
    routerPaths.push('/')
    const serverPaths = [...Object.keys(CONTENT_PAGES), ...SHELL_PAGES]
    expect(new Set(serverPaths).size).toBe(serverPaths.length)
    expect(serverPaths.sort()).toEqual([...new Set(routerPaths)].sort())
  })
})
