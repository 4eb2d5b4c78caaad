import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { session, user } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn, type TestUser } from '#server/test/factories.ts'
import { sessionToken } from './guards.ts'

// Who a request is (decision 027): the session cookie's signature, then one query for the session
// and its user. Everything that ends a session in Better Auth ends it here at once, and a cookie
// Better Auth did not sign is nobody.

const NAME = 'better-auth.session_token'
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'
const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)

describe('sessionToken', () => {
  it('reads a token signed with the secret, as better-call signs it', () => {
    expect(sessionToken(`theme=dark; ${NAME}=${signed('tok123')}; x=1`, NAME, SECRET)).toBe('tok123')
  })

  it.each([
    ['no cookie header', undefined],
    ['no session cookie', 'theme=dark'],
    ['another secret', `${NAME}=${signed('tok123', 'another-secret')}`],
    ['a changed token', `${NAME}=${signed('tok123').replace('tok123', 'tok124')}`],
    ['no signature', `${NAME}=tok123`],
    ['a bad encoding', `${NAME}=%E0%A4%A`],
    ['a cookie whose name only ends the same', `x${NAME}=${signed('tok123')}`],
    ['the secure name where cookies are not secure', `__Secure-${NAME}=${signed('tok123')}`],
  ])('is null for %s', (_, header) => {
    expect(sessionToken(header, NAME, SECRET)).toBeNull()
  })
})

describe('a request with a session cookie', () => {
  let t: TestApp
  let u: TestUser
  const me = (cookie: string) => t.request({ method: 'GET', url: '/api/me', cookie })
  const newSession = async () => cookieOf((await signIn(t, u.email, u.password)).headers['set-cookie'])
  beforeAll(async () => {
    t = await buildTestApp()
    u = await createUser(t, { name: 'Wren Writer' })
  })
  afterAll(() => t.close())

  it('is its person while the session lasts', async () => {
    const res = await me(u.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: u.id, name: 'Wren Writer' })
  })

  it('is nobody with a forged cookie', async () => {
    expect((await me(`${NAME}=forged.value`)).statusCode).toBe(401)
    expect((await me(`${NAME}=${signed('made-up-token')}`)).statusCode).toBe(401)
  })

  it('is nobody from the moment of signing out, suspension or expiry', async () => {
    const signOut = await newSession()
    expect((await me(signOut)).statusCode).toBe(200)
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: signOut })
    expect(out.statusCode).toBe(200)
    expect((await me(signOut)).statusCode).toBe(401)

    const expiring = await newSession()
    const token = sessionToken(expiring, NAME, t.app.ctx.config.authSecret) as string
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token))
    expect((await me(expiring)).statusCode).toBe(401)

    // Suspension ends the sessions too (admin.service.ts); a session left over would not count.
    const suspended = await newSession()
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, u.id))
    expect((await me(suspended)).statusCode).toBe(401)
    await t.database.db.update(user).set({ banned: false }).where(eq(user.id, u.id))
    expect((await me(suspended)).statusCode).toBe(200)
  })
})
