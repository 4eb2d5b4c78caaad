import { count, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Me } from '#common/schemas/profile.ts'
import { contactMessage, profile, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { EARLY_TAPS_SOURCE } from '#server/modules/pages/early-taps.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { registerErrorHandler } from './error-handler.ts'

let t: TestApp
let person: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  person = await createUser(t, { name: 'Header Person' })
})
afterAll(() => t.close())

const contact = { name: 'Amara', email: 'amara@example.com', subject: 'Hi', message: 'A long enough message' }
const messages = async () => (await t.database.db.select({ n: count() }).from(contactMessage))[0].n
const users = async () => (await t.database.db.select({ n: count() }).from(user))[0].n

/** A raw request: only the headers given, nothing added. */
const raw = (
  method: 'POST' | 'PATCH' | 'GET',
  url: string,
  headers: Record<string, string>,
  payload?: string,
) => t.app.inject({ method, url, headers, payload })

describe('same-origin guard for mutating /api requests', () => {
  it('refuses a cross-origin POST and writes nothing', async () => {
    const before = await messages()
    const res = await raw(
      'POST',
      '/api/contact',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify(contact),
    )
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: `Open Inkwell at ${TEST_ORIGIN} — this address is not the one it is set up for`,
      },
    })
    expect(await messages()).toBe(before)
  })

  it('refuses a cross-origin sign-up and a cross-origin profile change that carries a session', async () => {
    const userCount = await users()
    const signUp = await raw(
      'POST',
      '/api/auth/sign-up/email',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify({ name: 'Evil', email: 'evil@example.com', password: 'correct horse battery' }),
    )
    expect(signUp.statusCode).toBe(403)
    expect(await users()).toBe(userCount)

    const [before] = await t.database.db.select().from(profile).where(eq(profile.userId, person.id))
    const patch = await raw(
      'PATCH',
      '/api/me',
      { origin: 'https://evil.example', 'content-type': 'application/json', cookie: person.cookie },
      JSON.stringify({ bio: 'pwned' }),
    )
    expect(patch.statusCode).toBe(403)
    const [after] = await t.database.db.select().from(profile).where(eq(profile.userId, person.id))
    expect(after).toEqual(before)
  })

  it.each([
    ['no Origin or Referer', {}],
    ['Origin: null', { origin: 'null' }],
    ['a look-alike origin', { origin: `${TEST_ORIGIN}.evil.example` }],
    ['another port', { origin: 'http://localhost:3001' }],
    ['a cross-site Referer', { referer: 'https://evil.example/page' }],
    ['a Referer that is not a URL', { referer: 'not a url' }],
  ])('refuses %s (403)', async (_, headers) => {
    const before = await messages()
    const res = await raw(
      'POST',
      '/api/contact',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify(contact),
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('forbidden')
    expect(await messages()).toBe(before)
  })

  it('accepts a same-origin Referer when the browser sends no Origin', async () => {
    const res = await raw(
      'POST',
      '/api/contact',
      { referer: `${TEST_ORIGIN}/contact`, 'content-type': 'application/json' },
      JSON.stringify(contact),
    )
    expect(res.statusCode).toBe(201)
  })

  it.each([
    ['a form-encoded body', 'application/x-www-form-urlencoded', 'name=Amara&email=a%40example.com'],
    ['a plain-text body', 'text/plain', JSON.stringify(contact)],
  ])('refuses %s from our own origin (415) and writes nothing', async (_, type, payload) => {
    const before = await messages()
    const res = await raw('POST', '/api/contact', { origin: TEST_ORIGIN, 'content-type': type }, payload)
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('unsupported_media_type')
    expect(await messages()).toBe(before)
  })

  it('leaves GET requests alone, whatever their origin', async () => {
    const res = await raw('GET', '/api/health', { origin: 'https://evil.example' })
    expect(res.statusCode).toBe(200)
    expect((await raw('GET', '/api/me', { cookie: person.cookie })).statusCode).toBe(200)
  })
})

describe('security headers', () => {
  it.each([
    ['the API reference (a page)', '/api/docs'],
    ['an address outside the API', '/nothing-here'],
  ])('shape %s: CSP and the rest of helmet', async (_, url) => {
    const res = await raw('GET', url, {})
    const csp = String(res.headers['content-security-policy'])
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    expect(directives.get('default-src')).toEqual(["'self'"])
    // Scripts from the site, and the one inline script of a server-drawn page, by its hash.
    expect(directives.get('script-src')).toEqual(["'self'", EARLY_TAPS_SOURCE])
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it.each([
    ['a JSON answer', '/api/health'],
    ['an API error', '/api/nothing-here'],
  ])('on %s: nothing may frame it, sniff it, read it from another site or run in it', async (_, url) => {
    const res = await raw('GET', url, {})
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    // Headers that shape a page are not sent where no page is.
    expect(res.headers['permissions-policy']).toBeUndefined()
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('grants no cross-origin reads (no CORS headers, even to a preflight)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
  })
})

describe('response shapes', () => {
  it('/api/me carries only the declared fields: no password, no ban state', async () => {
    const res = await t.request({ method: 'GET', url: '/api/me', cookie: person.cookie })
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(Me.shape).sort())
    for (const secret of ['password', 'banned', 'banReason', 'banExpires', 'updatedAt', 'onboardedAt']) {
      expect(res.body).not.toContain(`"${secret}"`)
    }
  })

  it('the response serializer strips whatever a handler adds beyond the schema', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.get('/leaky', { schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => {
      return { id: 'x', password: 'hash', banned: true } as { id: string }
    })
    const res = await app.inject({ method: 'GET', url: '/leaky' })
    expect(res.json()).toEqual({ id: 'x' })
    await app.close()
  })

  it('answers an unknown /api path with 404 in the error shape, for any method', async () => {
    const getRes = await t.request({ method: 'GET', url: '/api/nope?x=1' })
    expect(getRes.statusCode).toBe(404)
    expect(getRes.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/nope' },
    })
    const postRes = await t.request({ method: 'POST', url: '/api/nope', body: {} })
    expect(postRes.statusCode).toBe(404)
    expect(postRes.json().error.code).toBe('not_found')
  })

  it('answers malformed JSON with 400 in the error shape', async () => {
    const before = await messages()
    const res = await raw(
      'POST',
      '/api/contact',
      { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      '{"name": ',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } })
    expect(await messages()).toBe(before)
  })

  it('answers an empty JSON body with 400 and a JSON body that is not an object with field errors', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-length': '0' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.code).toBe('bad_request')
    const array = await t.request({ method: 'POST', url: '/api/contact', body: [contact] })
    expect(array.statusCode).toBe(400)
    expect(array.json().error).toMatchObject({ code: 'bad_request', fields: { body: expect.any(String) } })
  })

  it('answers a body over 1 MB with 413 in the error shape', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      body: { ...contact, message: 'x'.repeat(1024 * 1024) },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('payload_too_large')
  })
})

describe('error handler', () => {
  async function appWith() {
    const app = Fastify({ logger: false, requestIdHeader: 'x-request-id' })
    registerErrorHandler(app)
    app.get('/boom', async () => {
      const error = new Error('connection to db-7.internal:5432 refused')
      throw error
    })
    app.get('/app-error', async () => {
      throw new AppError('conflict', 'That name is taken', { name: 'Choose another name' })
    })
    app.get('/teapot', async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418 })
    })
    await app.ready()
    return app
  }

  it('hides the message and stack of an unexpected error and quotes the request id', async () => {
    const app = await appWith()
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'req-42' } })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: {
        code: 'internal',
        message: 'Something went wrong on our side. Please try again. (Reference: req-42)',
      },
    })
    expect(res.body).not.toContain('db-7.internal')
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/)
    await app.close()
  })

  it('turns AppError into its status with code, message and fields', async () => {
    const app = await appWith()
    const res = await app.inject({ method: 'GET', url: '/app-error' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      error: { code: 'conflict', message: 'That name is taken', fields: { name: 'Choose another name' } },
    })
    const teapot = await app.inject({ method: 'GET', url: '/teapot' })
    expect(teapot.statusCode).toBe(418)
    expect(teapot.json()).toEqual({ error: { code: 'bad_request', message: 'I am a teapot' } })
    await app.close()
  })
})
