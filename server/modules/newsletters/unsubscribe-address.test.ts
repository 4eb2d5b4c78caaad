import fs from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fakeWebBuild } from '#server/modules/pages/fake-web-build.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'

// /unsubscribe is two things at one address: the web app's page (GET, the pages module) and the
// one-click unsubscribe a mail provider posts to (POST, this module), with the web app served.

let t: TestApp
let dist: string

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

it('GET /unsubscribe is the page; POST is the one-click unsubscribe', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/unsubscribe?token=whatever' })
  expect(page.statusCode).toBe(200)
  expect(page.headers['content-type']).toContain('text/html')
  const post = await t.app.inject({
    method: 'POST',
    url: '/unsubscribe?token=whatever',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
  expect(post.statusCode).toBe(404)
  expect(post.json().error.message).toBe('This link is not valid any more')
  const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe' })
  expect(missing.statusCode).toBe(400)
})
