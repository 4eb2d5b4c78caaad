import fs from 'node:fs'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post } from '#server/db/schema/index.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { writesSettled } from '#server/test/writes.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// Public pages as signed-out visitors get them are kept for PUBLIC_CACHE_SECONDS and emptied by
// every write through the API (decision 030, as the public reads of decision 028): drawing the
// app on the server costs milliseconds per page, so a busy page is drawn once, not per visit.

let t: TestApp
let dist: string
let admin: TestUser
let grace: TestUser
let postId = ''

/** Renames the post in the database only: the API does not know. */
const renameBehindTheApi = (title: string) =>
  t.database.db.update(post).set({ title }).where(eq(post.id, postId))

const fiction = (cookie?: string) => t.request({ method: 'GET', url: '/fiction', cookie })

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist, publicCacheSeconds: 60 })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  postId = (await publishedPost(t, admin, grace, { title: 'Waves', access: 'free', bodyHtml: '<p>x</p>' })).id
  // The set-up's writes have all been heard (their echoes empty the caches once more).
  await writesSettled(t.app)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('a public page', () => {
  it('is kept for signed-out visitors until a write through the API, and never for a signed-in one', async () => {
    const first = await fiction()
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('Waves')

    await renameBehindTheApi('Renamed behind the API')
    const again = await fiction()
    expect(again.body).toBe(first.body)
    // For a browser, the kept page in brotli, with its own tag.
    const browser = await t.request({
      method: 'GET',
      url: '/fiction',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(browser.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(browser.rawPayload).toString()).toBe(first.body)
    expect(browser.headers.etag).not.toBe(first.headers.etag)
    expect((await fiction(grace.cookie)).body).toContain('Renamed behind the API')

    const bio = await t.request({
      method: 'PATCH',
      url: '/api/me',
      cookie: grace.cookie,
      body: { bio: 'Hi' },
    })
    expect(bio.statusCode).toBe(200)
    const fresh = await fiction()
    expect(fresh.body).toContain('Renamed behind the API')
    expect(fresh.body).not.toContain('Waves')
  })
})
