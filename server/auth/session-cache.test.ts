import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { user } from '#server/db/schema/index.ts'
import type { App } from '#server/http/app-type.ts'
import { WRITES_TOPIC } from '#server/http/write-signal.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn, type TestUser } from '#server/test/factories.ts'

// The session cache (decision 027). A change behind the API's back (an UPDATE here) shows that an
// answer came from the cache; every way of ending a session through the API ends it at once in
// this process, and in another process on the same database as soon as its NOTIFY arrives.

let t: TestApp
let admin: TestUser
let u: TestUser
const me = (cookie: string, app: App = t.app) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { cookie, origin: TEST_ORIGIN } })
/**
 * Resolves once this app's hub has heard no write for a while. Every process hears its own writes
 * too, a moment after they answer (the NOTIFY's echo empties the cache once more), so a test lets
 * the echoes of its set-up pass before it relies on what the cache keeps.
 */
const echoesPassed = () =>
  new Promise<void>((resolve) => {
    let timer = setTimeout(done, 200)
    const off = t.app.ctx.hub.subscribeTopic(WRITES_TOPIC, () => {
      clearTimeout(timer)
      timer = setTimeout(done, 200)
    })
    function done() {
      off()
      resolve()
    }
  })
const newSession = async () => cookieOf((await signIn(t, u.email, u.password)).headers['set-cookie'])
/** Suspends `u` in the database only: the API does not know. */
const banBehindTheApi = (banned: boolean) =>
  t.database.db.update(user).set({ banned }).where(eq(user.id, u.id))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSeconds: 1 })
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  u = await createUser(t, { name: 'Wren Writer' })
})
afterAll(() => t.close())
// A failed test leaves no one suspended for the next.
afterEach(() => banBehindTheApi(false))

describe('a session, once read', () => {
  it('answers who its requests are for the TTL without asking the database, then asks again', async () => {
    const cookie = await newSession()
    await echoesPassed()
    expect((await me(cookie)).statusCode).toBe(200)
    await banBehindTheApi(true)
    // Cached: the change behind the API's back is not seen yet.
    expect((await me(cookie)).statusCode).toBe(200)
    await sleep(1100)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('ends at once when its person signs out', async () => {
    const cookie = await newSession()
    expect((await me(cookie)).statusCode).toBe(200)
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie })
    expect(out.statusCode).toBe(200)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('ends at once when an admin suspends its person, and comes back with a new sign-in after', async () => {
    const cookie = await newSession()
    expect((await me(cookie)).statusCode).toBe(200)
    const suspend = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/suspension`,
      cookie: admin.cookie,
      body: { suspended: true, reason: 'Spam' },
    })
    expect(suspend.statusCode).toBe(200)
    expect((await me(cookie)).statusCode).toBe(401)
    await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/suspension`,
      cookie: admin.cookie,
      body: { suspended: false },
    })
    expect((await me(await newSession())).statusCode).toBe(200)
  })

  it('is emptied by a successful write, not by a refused one', async () => {
    const cookie = await newSession()
    await echoesPassed()
    expect((await me(cookie)).statusCode).toBe(200)
    await banBehindTheApi(true)
    // A refused write (400) changes nothing, so the cached answer stands.
    const refused = await t.request({ method: 'PATCH', url: '/api/me', cookie, body: { bio: 42 } })
    expect(refused.statusCode).toBe(400)
    expect((await me(cookie)).statusCode).toBe(200)
    // Any successful write empties the cache: the next read sees the suspension.
    const write = await t.request({
      method: 'PATCH',
      url: '/api/me',
      cookie: admin.cookie,
      body: { bio: 'Hi' },
    })
    expect(write.statusCode).toBe(200)
    expect((await me(cookie)).statusCode).toBe(401)
  })
})

describe('another process on the same database', () => {
  let other: App
  beforeAll(async () => {
    other = await buildApp({ config: t.config, database: t.database, logger: false })
    await other.ready()
  })
  afterAll(() => other.close())

  it('ends the session as soon as it hears of the sign-out', async () => {
    const cookie = await newSession()
    expect((await me(cookie, other)).statusCode).toBe(200)
    expect((await me(cookie, other)).statusCode).toBe(200)
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie })
    expect(out.statusCode).toBe(200)
    // The NOTIFY arrives within milliseconds; within the TTL in any case, so this proves the
    // NOTIFY only if it comes before the entry's second is up: allow it most of that second.
    const deadline = Date.now() + 800
    let status = (await me(cookie, other)).statusCode
    while (status !== 401 && Date.now() < deadline) {
      await sleep(25)
      status = (await me(cookie, other)).statusCode
    }
    expect(status).toBe(401)
  })
})
