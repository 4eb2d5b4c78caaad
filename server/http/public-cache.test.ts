import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { post, subject } from '#server/db/schema/index.ts'
import type { App } from '#server/http/app-type.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { heardWrite } from '#server/test/writes.ts'

// The shared cache of anonymous public reads (decision 028). The database is changed behind the
// API's back to tell a cached answer from a fresh one; any write through the API empties the
// cache, in this process at once and in the others by the hub.

let t: TestApp
let admin: TestUser
let grace: TestUser
let postId = ''
const FEED = '/api/posts?limit=5'

const anonymous = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers })
const firstTitle = async (url = FEED) => (await anonymous(url)).json().items[0]?.title as string
/** A write through the API, once every given process has heard of it. */
async function write(request: Parameters<TestApp['request']>[0], ...apps: App[]) {
  const heardBy = [t.app, ...apps].map(heardWrite)
  const res = await t.request(request)
  expect(res.statusCode, res.body).toBeLessThan(400)
  await Promise.all(heardBy)
}
/** Renames the post in the database only: the API does not know. */
const renameBehindTheApi = (title: string) =>
  t.database.db.update(post).set({ title }).where(eq(post.id, postId))

beforeAll(async () => {
  t = await buildTestApp({ publicCacheSeconds: 60 })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Okafor' })
  postId = (await publishedPost(t, admin, grace, { title: 'Waves', access: 'free', bodyHtml: '<p>x</p>' })).id
})
afterAll(() => t.close())

describe('an anonymous public read', () => {
  it('is answered from the cache, with an ETag and a Cache-Control a CDN can honour', async () => {
    await renameBehindTheApi('Waves')
    const first = await anonymous(FEED)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60')
    expect(first.headers.vary).toContain('Cookie')
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/)

    await renameBehindTheApi('Renamed behind the API')
    const again = await anonymous(FEED)
    expect(again.body).toBe(first.body)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect((await anonymous(FEED, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304)

    // Signed in, the same address reaches the database (and leaves the cache alone).
    const signedIn = await t.request({ method: 'GET', url: FEED, cookie: admin.cookie })
    expect(signedIn.json().items[0].title).toBe('Renamed behind the API')
    expect(signedIn.headers.etag).toBeUndefined()
    expect(await firstTitle()).toBe('Waves')
  })

  it('goes out compressed as the client asks, each coding with its own tag, from the kept copy', async () => {
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }
    const plain = await anonymous('/api/subjects')
    const squeezed = await anonymous('/api/subjects', BROWSER)
    expect(squeezed.headers['content-encoding']).toBe('br')
    expect(squeezed.headers.vary).toBe('Cookie, Accept-Encoding')
    expect(zlib.brotliDecompressSync(squeezed.rawPayload).toString()).toBe(plain.body)
    const zipped = await anonymous('/api/subjects', { 'accept-encoding': 'gzip' })
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
    expect(new Set([plain.headers.etag, squeezed.headers.etag, zipped.headers.etag]).size).toBe(3)

    // Still the kept answer: a rename behind the API does not show, in any coding.
    await t.database.db.update(subject).set({ name: 'Renamed' }).where(eq(subject.slug, 'physics'))
    const again = await anonymous('/api/subjects', BROWSER)
    expect(again.rawPayload.equals(squeezed.rawPayload)).toBe(true)
    expect(again.headers.etag).toBe(squeezed.headers.etag)
    const current = { ...BROWSER, 'if-none-match': String(squeezed.headers.etag) }
    expect((await anonymous('/api/subjects', current)).statusCode).toBe(304)
    // The plain copy's tag does not stand for the compressed one.
    const other = { ...BROWSER, 'if-none-match': String(plain.headers.etag) }
    expect((await anonymous('/api/subjects', other)).statusCode).toBe(200)
    await t.database.db.update(subject).set({ name: 'Physics' }).where(eq(subject.slug, 'physics'))
  })

  it('is read afresh after any write through the API, but not after a view or a refused write', async () => {
    await renameBehindTheApi('Before')
    await write({ method: 'PUT', url: `/api/admin/posts/${postId}/featured`, cookie: admin.cookie })
    expect(await firstTitle()).toBe('Before')

    await renameBehindTheApi('After')
    const view = await t.request({ method: 'POST', url: `/api/posts/${postId}/views` })
    expect(view.statusCode).toBe(200)
    const refused = await t.request({
      method: 'PATCH',
      url: '/api/me',
      cookie: grace.cookie,
      body: { bio: 7 },
    })
    expect(refused.statusCode).toBe(400)
    expect(await firstTitle()).toBe('Before')

    // Emptied before the write's answer leaves, not when the hub hears of it.
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/posts/${postId}/featured`,
      cookie: admin.cookie,
    })
    expect(deleted.statusCode).toBeLessThan(400)
    expect(await firstTitle()).toBe('After')
  })

  it('is only what routes marked public: a 404, a private read and an unmarked route are never kept', async () => {
    const missing = await anonymous(`/api/posts/by/${randomUUID()}/nothing`)
    expect(missing.statusCode).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
    expect((await anonymous('/api/health')).headers.etag).toBeUndefined()
    expect(
      (await t.request({ method: 'GET', url: '/api/me', cookie: grace.cookie })).headers.etag,
    ).toBeUndefined()
  })
})

describe('another process', () => {
  let other: App
  beforeAll(async () => {
    other = await buildApp({ config: t.config, database: t.database, logger: false })
    await other.ready()
  })
  afterAll(() => other.close())

  const otherTitle = async () =>
    (await other.inject({ method: 'GET', url: FEED, headers: { origin: TEST_ORIGIN } })).json().items[0]
      ?.title as string

  it('empties its cache when this one takes a write', async () => {
    await renameBehindTheApi('Old')
    await write({ method: 'PUT', url: `/api/admin/posts/${postId}/featured`, cookie: admin.cookie }, other)
    expect(await otherTitle()).toBe('Old')
    await renameBehindTheApi('New')
    expect(await otherTitle()).toBe('Old')

    await t.request({ method: 'DELETE', url: `/api/admin/posts/${postId}/featured`, cookie: admin.cookie })
    // The NOTIFY arrives within milliseconds; allow a slow machine two seconds.
    const deadline = Date.now() + 2000
    while ((await otherTitle()) !== 'New' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(await otherTitle()).toBe('New')
  })
})
