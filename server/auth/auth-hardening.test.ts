import fs from 'node:fs'
import path from 'node:path'
import { count, eq, like } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_STATUS, type ErrorCode, isErrorBody } from '#common/errors.ts'
import { buildApp } from '#server/app.ts'
import { rateLimit, session, user } from '#server/db/schema/index.ts'
import { localDiskStorage } from '#server/storage/storage.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn, type TestUser } from '#server/test/factories.ts'
import { PNG_1PX, uploadAvatar } from '#server/test/upload.ts'
import { AUTH_ENDPOINTS } from './auth.routes.ts'

let t: TestApp
let admin: TestUser
let person: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { role: 'admin', name: 'Ada Admin' })
  person = await createUser(t, { name: 'Pat Person' })
})
afterAll(() => t.close())

const everyone = async () =>
  (await t.database.db.select().from(user).orderBy(user.id)).map(({ updatedAt: _, ...row }) => row)
const sessionCount = async () => (await t.database.db.select({ n: count() }).from(session))[0].n

describe('Better Auth endpoints the app does not use', () => {
  const body = () => ({
    userId: person.id,
    role: 'superuser',
    email: 'new@example.com',
    password: 'x'.repeat(12),
  })
  it.each([
    ['POST', '/api/auth/admin/set-role'],
    ['POST', '/api/auth/admin/ban-user'],
    ['POST', '/api/auth/admin/unban-user'],
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/admin/stop-impersonating'],
    ['GET', '/api/auth/admin/list-users'],
    ['POST', '/api/auth/admin/create-user'],
    ['POST', '/api/auth/admin/remove-user'],
    ['POST', '/api/auth/admin/set-user-password'],
    ['POST', '/api/auth/admin/update-user'],
    ['POST', '/api/auth/admin/revoke-user-sessions'],
    ['GET', '/api/auth/admin/list-user-sessions'],
    ['POST', '/api/auth/admin/has-permission'],
    ['POST', '/api/auth/update-user'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/revoke-session'],
    ['POST', '/api/auth/revoke-other-sessions'],
    ['POST', '/api/auth/send-verification-email'],
    ['GET', '/api/auth/list-accounts'],
    ['GET', '/api/auth/passkey/list-user-passkeys'],
    ['POST', '/api/auth/callback/google'],
    ['GET', '/api/auth/callback/twitter'],
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/error'],
    ['GET', '/api/auth/reset-password/some-token'],
    // Spellings that must not reach an allowed endpoint's neighbour.
    ['GET', '/api/auth/get-session/'],
    ['POST', '/api/auth/admin%2Fset-role'],
    ['POST', '/api/auth/sign-in/email/../../admin/set-role'],
    ['GET', '/api/auth/sign-in/email'],
  ])('%s %s answers 404 in our error shape and changes nothing', async (method, url) => {
    const users = await everyone()
    const sessions = await sessionCount()
    for (const cookie of [admin.cookie, person.cookie, undefined]) {
      const res = await t.request({
        method: method as 'GET' | 'POST',
        url,
        cookie,
        body: method === 'POST' ? body() : undefined,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: expect.stringMatching(/^No such endpoint/) },
      })
    }
    expect(await everyone()).toEqual(users)
    expect(await sessionCount()).toBe(sessions)
  })

  it("an admin cannot demote themselves or invent a role through Better Auth's admin API", async () => {
    for (const role of ['user', 'superuser']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/admin/set-role',
        body: { userId: admin.id, role },
        cookie: admin.cookie,
      })
      expect(res.statusCode).toBe(404)
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.id, admin.id))
    expect(row.role).toBe('admin')
  })

  it('every endpoint the web app calls is still answered by Better Auth', async () => {
    for (const endpoint of Object.keys(AUTH_ENDPOINTS)) {
      const [method, route] = endpoint.split(' ')
      const res = await t.request({
        method: method as 'GET' | 'POST',
        url: `/api/auth${route}`,
        body: method === 'POST' ? {} : undefined,
      })
      expect(res.statusCode, endpoint).not.toBe(404)
      expect(res.statusCode, endpoint).toBeLessThan(500)
    }
  })

  it('refuses in the one error shape, with 401 exactly where an endpoint needs a session', async () => {
    const someone = await createUser(t)
    const refusals: LightMyRequestResponse[] = []
    for (const [endpoint, { session }] of Object.entries(AUTH_ENDPOINTS)) {
      const [method, route] = endpoint.split(' ')
      const send = (cookie?: string) =>
        t.request({
          method: method as 'GET' | 'POST',
          url: `/api/auth${route}`,
          body: method === 'POST' ? {} : undefined,
          cookie,
        })
      const signedOut = await send()
      expect(signedOut.statusCode === 401, `${endpoint}: ${signedOut.statusCode}`).toBe(Boolean(session))
      refusals.push(signedOut)
      // Signed in, the empty body is what is refused.
      if (session) refusals.push(await send(someone.cookie))
    }
    for (const res of refusals.filter((r) => r.statusCode >= 400)) {
      const body = res.json()
      expect(isErrorBody(body), res.body).toBe(true)
      expect(ERROR_STATUS[body.error.code as ErrorCode], res.body).toBe(res.statusCode)
    }
    expect(refusals.filter((r) => r.statusCode === 400).length).toBeGreaterThan(5)
  })

  it('covers every authClient method the web app calls', () => {
    // The Better Auth client method → the endpoint it calls.
    const calls: Record<string, string> = {
      useSession: 'GET /get-session',
      'signIn.email': 'POST /sign-in/email',
      'signIn.magicLink': 'POST /sign-in/magic-link',
      'signUp.email': 'POST /sign-up/email',
      signOut: 'POST /sign-out',
      requestPasswordReset: 'POST /request-password-reset',
      resetPassword: 'POST /reset-password',
      changeEmail: 'POST /change-email',
      changePassword: 'POST /change-password',
      deleteUser: 'POST /delete-user',
      revokeSessions: 'POST /revoke-sessions',
      // Passkeys and providers (decision 050); a provider's callback, where it sends the person
      // back, is listed too.
      passkeySignInOptions: 'GET /passkey/generate-authenticate-options',
      verifyPasskeySignIn: 'POST /passkey/verify-authentication',
      'signIn.social': 'POST /sign-in/social',
      addPasskey: 'POST /passkey/verify-registration',
      renamePasskey: 'POST /passkey/update-passkey',
      removePasskey: 'POST /passkey/delete-passkey',
      linkSocial: 'POST /link-social',
      unlinkAccount: 'POST /unlink-account',
    }
    const used = new Set<string>()
    for (const file of fs.readdirSync('web', { recursive: true }).map(String)) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file.startsWith('test/')) continue
      const source = fs.readFileSync(path.join('web', file), 'utf8')
      for (const match of source.matchAll(/authClient\.((?:signIn|signUp)\.\w+|\w+)/g)) used.add(match[1])
    }
    expect(used.size).toBeGreaterThan(5)
    for (const method of used) {
      expect(calls[method], `authClient.${method} is not mapped to an endpoint`).toBeDefined()
      expect(Object.hasOwn(AUTH_ENDPOINTS, calls[method]), calls[method]).toBe(true)
    }
  })
})

describe('session tokens stay in the cookie', () => {
  it('sign-up, sign-in and get-session answer no token in their JSON', async () => {
    const email = `tokens-${Date.now()}@example.com`
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: { name: 'Token Tester', email, password: 'correct horse battery' },
    })
    const signedIn = await signIn(t, email, 'correct horse battery')
    const cookie = cookieOf(signedIn.headers['set-cookie'])
    const current = await t.request({ method: 'GET', url: '/api/auth/get-session', cookie })
    for (const res of [signUp, signedIn, current]) {
      expect(res.statusCode).toBe(200)
      const token = decodeURIComponent(cookieOf(res.headers['set-cookie']) || cookie)
        .split('=')[1]
        .split('.')[0]
      expect(token.length).toBeGreaterThan(10)
      expect(res.body).not.toContain(token)
      expect(res.json()).not.toHaveProperty('token')
    }
    expect(signUp.json().user).toMatchObject({ email })
    expect(signedIn.json().user).toMatchObject({ email })
    expect(current.json().user).toMatchObject({ email })
    expect(current.json().session).toMatchObject({ userId: current.json().user.id })
    expect(current.json().session).not.toHaveProperty('token')
  })
})

describe('session cookies', () => {
  it('are Secure (with the __Secure- name) in production, even with an http APP_URL', async () => {
    const app = await buildApp({
      config: { ...t.config, env: 'production' },
      database: t.database,
      logger: false,
    })
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({
          name: 'Secure',
          email: 'secure@example.com',
          password: 'correct horse battery',
        }),
      })
      expect(res.statusCode).toBe(200)
      const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='))
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/)
      expect(cookie).toMatch(/;\s*Secure/i)
      // The cookie opens the session in the same production app.
      const current = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: cookieOf(res.headers['set-cookie']) },
      })
      expect(current.json().user.email).toBe('secure@example.com')
    } finally {
      await app.close()
    }
  })

  it('are not Secure over http outside production (npm start on localhost)', async () => {
    const res = await signIn(t, person.email, person.password)
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='))
    expect(cookie).toMatch(/^better-auth\.session_token=/)
    expect(cookie).not.toMatch(/;\s*Secure/i)
  })
})

describe('an unexpected failure inside Better Auth', () => {
  it('answers a generic 500 in our error shape with the request id', async () => {
    const local = localDiskStorage(path.join(t.config.dataDir, 'uploads'))
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      storage: {
        ...local,
        delete: async () => {
          throw new Error('EACCES: permission denied, unlink /srv/inkwell/uploads/avatars/secret.png')
        },
      },
    })
    try {
      const victim = await createUser(t)
      expect((await uploadAvatar(t, victim.cookie, PNG_1PX)).statusCode).toBe(200)
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: victim.cookie },
        payload: JSON.stringify({ password: victim.password }),
      })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({
        error: {
          code: 'internal',
          message: expect.stringMatching(/^Something went wrong on our side.*Reference: /),
        },
      })
      expect(res.body).not.toContain('/srv/inkwell')
    } finally {
      await app.close()
    }
  })
})

describe('rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('never limit session reads: 200 from one address all succeed', async () => {
    const reader = await createUser(limited)
    for (let i = 0; i < 200; i++) {
      const res = await limited.request({
        method: 'GET',
        url: '/api/auth/get-session',
        cookie: reader.cookie,
      })
      expect(res.statusCode, `read ${i + 1}`).toBe(200)
      expect(res.json().user.id).toBe(reader.id)
    }
    const rows = await limited.database.db
      .select()
      .from(rateLimit)
      .where(like(rateLimit.key, '%get-session%'))
    expect(rows).toEqual([])
  })

  it("answer Better Auth's sign-in limit with Retry-After and our error shape", async () => {
    const target = await createUser(limited)
    for (let i = 0; i < 10; i++) {
      expect((await signIn(limited, target.email, 'wrong password')).statusCode).toBe(401)
    }
    const blocked = await signIn(limited, target.email, target.password)
    expect(blocked.statusCode).toBe(429)
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(blocked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ (seconds?|minute)\.$/),
      },
    })
    expect(blocked.headers['set-cookie']).toBeUndefined()
  })

  it('answer our own limits (the contact form) with Retry-After and a message saying when', async () => {
    const message = {
      name: 'Amara',
      email: 'amara@example.com',
      subject: 'Hi',
      message: 'A long enough message',
    }
    for (let i = 0; i < 5; i++) {
      expect((await limited.request({ method: 'POST', url: '/api/contact', body: message })).statusCode).toBe(
        201,
      )
    }
    const blocked = await limited.request({ method: 'POST', url: '/api/contact', body: message })
    expect(blocked.statusCode).toBe(429)
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(blocked.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many attempts. Try again in 60 minutes.' },
    })
  })
})
