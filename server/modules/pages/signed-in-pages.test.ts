import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyBook, publishedBook } from '#server/modules/books/books.fixtures.ts'
import { paySubscription, publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { setPrice } from '#server/modules/payments/payments.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { fakeWebBuild } from './fake-web-build.ts'

// A signed-in person gets their own page from the server (decision 041): the HTML, before
// any script runs, is what the app shows them, never the signed-out page first; it is never kept
// or stored by a shared cache, and the signed-out page stays as it was.

let t: TestApp
let dist: string
let writer: TestUser
let owner: TestUser
let subscriber: TestUser
let outsider: TestUser
let bookUrl = ''
let postUrl = ''

const SECRET = 'Only subscribers read this sentence.'

const page = (url: string, who: TestUser | null) => t.request({ method: 'GET', url, cookie: who?.cookie })
/** The data the page hands the app's cache. */
const dataOf = (body: string) =>
  JSON.parse(
    /<script type="application\/json" id="inkwell-data">([^<]*)<\/script>/.exec(body)?.[1] ?? '{}',
  ) as { queries?: { key: unknown[]; data: unknown }[] }
/** The app's markup in the page: what a reader sees before any script runs. */
const rootOf = (body: string) =>
  body.slice(body.indexOf('<div id="root"'), body.indexOf('<script', body.indexOf('<div id="root"')))

beforeAll(async () => {
  dist = fakeWebBuild()
  t = await buildTestApp({ serveWeb: true, webDist: dist })
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wren Writer' })
  owner = await createUser(t, { name: 'Olu Owner' })
  subscriber = await createUser(t, { name: 'Sam Subscriber' })
  outsider = await createUser(t, { name: 'Olly Outsider' })
  await setPrice(t, writer, 500)
  const book = await publishedBook(t, admin, writer, ['<p>One</p>', '<p>Two</p>'], {
    title: 'The Lantern Keeper',
    price: 699,
    previewChapters: 1,
  })
  bookUrl = `/read/${book.id}`
  const post = await publishedPost(t, admin, writer, {
    title: 'For subscribers',
    bodyHtml: `<p>${SECRET}</p>`,
    access: 'subscribers',
  })
  postUrl = `/learn/${writer.id}/${post.slug}`
  await buyBook(t, owner, book.id)
  await paySubscription(t, subscriber, writer)
}, 60_000)
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe("a signed-in reader's page", () => {
  it("an owner's book page has no Buy button, only their way in", async () => {
    const html = rootOf((await page(bookUrl, owner)).body)
    expect(html).not.toMatch(/Buy ·/)
    expect(html).toMatch(/Start reading|Continue reading/)
    // The signed-out page and another reader's offer it.
    expect(rootOf((await page(bookUrl, null)).body)).toMatch(/Buy ·/)
    expect(rootOf((await page(bookUrl, outsider)).body)).toMatch(/Buy ·/)
  })

  it("a subscriber's post page holds the body; anyone else's holds the paywall", async () => {
    expect(rootOf((await page(postUrl, subscriber)).body)).toContain(SECRET)
    for (const who of [null, outsider, owner]) {
      const res = await page(postUrl, who)
      expect(res.body, who?.name ?? 'signed out').not.toContain(SECRET)
      expect(rootOf(res.body)).toContain('Subscribe to read it')
    }
  })

  it('has their header: Dashboard, their account menu and the bell with its count', async () => {
    // The writer was told of the sale and of the subscription.
    const html = rootOf((await page(bookUrl, writer)).body)
    expect(html).toContain('Dashboard')
    expect(html).not.toContain('Sign in')
    expect(html).toMatch(/aria-label="Notifications, \d+ unread"/)
    expect(html).toContain('WW')
    const signedOut = rootOf((await page(bookUrl, null)).body)
    expect(signedOut).toContain('Sign in')
    expect(signedOut).not.toContain('Dashboard')
  })

  it('is never kept nor stored by a shared cache; the kept signed-out page is untouched', async () => {
    const before = await page(postUrl, null)
    expect(before.headers['cache-control']).toBe('no-cache')
    const theirs = await page(postUrl, subscriber)
    expect(theirs.headers['cache-control']).toBe('private, no-cache')
    expect(theirs.headers.vary).toMatch(/Cookie/)
    const after = await page(postUrl, null)
    expect(after.headers.etag).toBe(before.headers.etag)
    expect(after.body).not.toContain(SECRET)
    // A cookie that no longer names a session is a signed-out visitor, with the kept page.
    const stale = await t.request({
      method: 'GET',
      url: postUrl,
      headers: { cookie: 'better-auth.session_token=gone.c2lnbmF0dXJl' },
    })
    expect(stale.headers['cache-control']).toBe('no-cache')
    expect(stale.headers.etag).toBe(before.headers.etag)
  })

  it('revalidates the kept page with an ETag (304); a signed-in visitor gets their own page, never the kept one', async () => {
    const first = await page(postUrl, null)
    expect(first.headers.etag).toBeTruthy()
    expect(first.headers.vary).toBe('Cookie, Accept-Encoding')
    const again = await t.request({
      method: 'GET',
      url: postUrl,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const signedIn = await page(postUrl, writer)
    const queries = dataOf(signedIn.body).queries ?? []
    expect(queries.find((q) => q.key[0] === 'auth-session')?.data).toMatchObject({
      user: { id: writer.id, name: 'Wren Writer' },
    })
    expect(queries.find((q) => q.key[0] === 'me')?.data).toMatchObject({ id: writer.id })
    expect(rootOf(signedIn.body)).toContain('Dashboard')
    expect(rootOf(signedIn.body)).not.toContain('Sign in')
    expect(signedIn.headers.etag).not.toBe(first.headers.etag)
    // The signed-out page is still the kept one, with nothing of his.
    const later = await page(postUrl, null)
    expect(later.headers.etag).toBe(first.headers.etag)
    expect(dataOf(later.body).queries?.some((q) => q.key[0] === 'me')).toBe(false)
    expect(rootOf(later.body)).toContain('Sign in')
  })
})
