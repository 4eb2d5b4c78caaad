import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

// A signed-out read never reaches Better Auth (issue 17): no session cookie, no lookup. With the
// cookie, the lookup runs as before, so sign-out, suspension and forged cookies still count.

let t: TestApp
let u: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  u = await createUser(t, { name: 'Wren Writer' })
})
afterAll(() => t.close())

it('looks a session up only when the request carries the session cookie', async () => {
  const lookup = vi.spyOn(t.app.ctx.auth.api, 'getSession')
  try {
    // A writer page reads the session if there is one (a writer with nothing published is a 404).
    const writer = `/api/writers/${u.id}`
    expect((await t.request({ method: 'GET', url: writer })).statusCode).toBe(404)
    const other = await t.request({ method: 'GET', url: writer, cookie: 'theme=dark; other=1' })
    expect(other.statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    expect(lookup).not.toHaveBeenCalled()

    expect((await t.request({ method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(200)
    const forged = 'better-auth.session_token=forged.value'
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: forged })).statusCode).toBe(401)
    expect(lookup).toHaveBeenCalledTimes(2)
  } finally {
    lookup.mockRestore()
  }
})
