import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '#server/env.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'

// Which providers the sign-in screens offer, and Google's and GitHub's half of the flow, tested
// without the network: the same code path as OpenID Connect (oidc.test.ts) up to the provider.

const google = { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'google-secret' }
const github = { clientId: 'Iv1.github-client', clientSecret: 'github-secret' }

let bare: TestApp
let configured: TestApp
beforeAll(async () => {
  bare = await buildTestApp()
  configured = await buildTestApp({ providers: { google, github } })
})
afterAll(async () => {
  await bare?.close()
  await configured?.close()
})

const startWith = (t: TestApp, provider: string, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    body: {
      provider,
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/login',
      ...extra,
    },
  })

describe('the providers offered', () => {
  it('are only those configured', async () => {
    expect((await bare.request({ method: 'GET', url: '/api/sign-in-options' })).json()).toEqual({
      providers: [],
    })
    expect((await configured.request({ method: 'GET', url: '/api/sign-in-options' })).json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
      ],
    })
    const refused = await startWith(bare, 'google')
    expect(refused.statusCode).toBe(404)
    expect(refused.json().error.message).toBe(
      'This way of signing in is not offered here. Sign in with your e-mail instead.',
    )
  })

  it('come from settings given together, or not at all', () => {
    expect(() => readConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)
    expect(() => readConfig({ GITHUB_CLIENT_SECRET: 'x' })).toThrow(
      /GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET/,
    )
    expect(() => readConfig({ OIDC_ISSUER: 'https://id.school.example', OIDC_CLIENT_ID: 'x' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    )
    const oidc = { OIDC_ISSUER: 'https://id.school.example/', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }
    expect(readConfig(oidc).providers.oidc).toEqual({
      issuer: 'https://id.school.example',
      clientId: 'a',
      clientSecret: 'b',
      name: 'id.school.example',
    })
    expect(readConfig({ ...oidc, OIDC_NAME: 'Riverside School' }).providers.oidc?.name).toBe(
      'Riverside School',
    )
    expect(readConfig({}).providers).toEqual({ google: undefined, github: undefined })
  })

  it('are listed in settings until linked, beside the password and this sign-in being fresh', async () => {
    const person = await createUser(configured)
    const res = await configured.request({
      method: 'GET',
      url: '/api/me/sign-in-methods',
      cookie: person.cookie,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      password: true,
      passkeys: [],
      accounts: [],
      available: [
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
      ],
    })
    const minutes = (Date.parse(body.freshUntil) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(9)
    expect(minutes).toBeLessThanOrEqual(10)
    expect((await configured.request({ method: 'GET', url: '/api/me/sign-in-methods' })).statusCode).toBe(401)
  })
})

describe('Google and GitHub', () => {
  it("send the person to Google's authorization page with a code, PKCE, a state and our callback", async () => {
    const res = await startWith(configured, 'google')
    expect(res.statusCode, res.body).toBe(200)
    const url = new URL(res.json().url)
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    const q = url.searchParams
    expect(q.get('client_id')).toBe(google.clientId)
    expect(q.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`)
    expect(q.get('response_type')).toBe('code')
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('state')?.length).toBeGreaterThan(20)
    expect(q.get('prompt')).toBe('select_account')
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^better-auth\.state=.*HttpOnly/)]),
    )
  })

  it("send the person to GitHub's, asking for the verified e-mail addresses", async () => {
    const res = await startWith(configured, 'github')
    const url = new URL(res.json().url)
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize')
    const q = url.searchParams
    expect(q.get('client_id')).toBe(github.clientId)
    expect(q.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/github`)
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['read:user', 'user:email']))
    expect(q.get('state')?.length).toBeGreaterThan(20)
  })

  it('come back to a callback that refuses a state it did not give, on the sign-in page', async () => {
    const res = await configured.request({
      method: 'GET',
      url: '/api/auth/callback/google?code=abc&state=forged',
    })
    expect(res.statusCode).toBe(302)
    const to = new URL(res.headers.location as string, TEST_ORIGIN)
    expect(to.pathname).toBe('/login')
    expect(to.searchParams.get('error')).toBe('state_mismatch')
  })

  it('take no ID token or extra scopes from the client: the redirect is the only way', async () => {
    const res = await startWith(configured, 'google', { idToken: { token: 'eyJ.x.y' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Sign in through the button on the sign-in page')
    expect((await startWith(configured, 'github', { scopes: ['repo'] })).statusCode).toBe(400)
  })
})

describe('rate limits on the new sign-in routes', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true, providers: { google, github } })
  })
  afterAll(() => limited?.close())

  const hit = (method: 'GET' | 'POST', url: string, body?: unknown) => limited.request({ method, url, body })

  it.each([
    ['POST', '/api/auth/sign-in/social', 10, { provider: 'google', callbackURL: '/' }],
    ['POST', '/api/auth/passkey/verify-authentication', 10, { response: { id: 'x' } }],
    ['GET', '/api/auth/passkey/generate-authenticate-options', 30, undefined],
  ] as const)('%s %s: %i answers, then 429 with Retry-After', async (method, url, max, body) => {
    for (let i = 0; i < max; i++)
      expect((await hit(method, url, body)).statusCode, `${url} #${i + 1}`).not.toBe(429)
    const refused = await hit(method, url, body)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().error.code).toBe('rate_limited')
  })

  it("a provider's callback: 10 a minute, then back to the sign-in page saying so", async () => {
    for (let i = 0; i < 10; i++) await hit('GET', '/api/auth/callback/github?code=x&state=y')
    const refused = await hit('GET', '/api/auth/callback/github?code=x&state=y')
    expect(refused.statusCode).toBe(302)
    expect(refused.headers.location).toBe(`${TEST_ORIGIN}/login?error=rate_limited`)
  })
})

describe('the API document', () => {
  it('lists the new routes', async () => {
    const doc = (await bare.request({ method: 'GET', url: '/api/openapi.json' })).json()
    for (const [path, method] of [
      ['/api/auth/passkey/generate-register-options', 'get'],
      ['/api/auth/passkey/verify-registration', 'post'],
      ['/api/auth/passkey/generate-authenticate-options', 'get'],
      ['/api/auth/passkey/verify-authentication', 'post'],
      ['/api/auth/passkey/update-passkey', 'post'],
      ['/api/auth/passkey/delete-passkey', 'post'],
      ['/api/auth/sign-in/social', 'post'],
      ['/api/auth/callback/google', 'get'],
      ['/api/auth/callback/github', 'get'],
      ['/api/auth/callback/oidc', 'get'],
      ['/api/auth/link-social', 'post'],
      ['/api/auth/unlink-account', 'post'],
      ['/api/sign-in-options', 'get'],
      ['/api/me/sign-in-methods', 'get'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
    expect(doc.paths['/api/auth/passkey/verify-registration'].post.security).toEqual([{ session: [] }])
    expect(doc.paths['/api/me/sign-in-methods'].get.security).toEqual([{ session: [] }])
    expect(doc.paths['/api/sign-in-options'].get.security).toBeUndefined()
  })
})
