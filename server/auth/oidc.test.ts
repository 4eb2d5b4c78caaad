import { setTimeout } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, session, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser } from '#server/test/factories.ts'
import { type OidcAccount, startOidcProvider, type TestOidcProvider } from '#server/test/oidc-provider.ts'

// Signing in with an OpenID Connect provider (decision 050) against a real one on 127.0.0.1:
// the authorization-code flow with PKCE, state and nonce, through Better Auth and our bridge, as a
// browser would go: /api/auth/sign-in/social, the provider, then /api/auth/callback/oidc.

let idp: TestOidcProvider
let t: TestApp
beforeAll(async () => {
  idp = await startOidcProvider(`${TEST_ORIGIN}/api/auth/callback/oidc`)
  t = await buildTestApp({
    providers: {
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        name: 'Riverside School',
      },
    },
  })
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

let n = 0
const someone = (over: Partial<OidcAccount> = {}): OidcAccount => {
  n += 1
  return {
    sub: `sub-${n}-${Date.now()}`,
    email: `pupil-${n}-${Date.now()}@school.test`,
    email_verified: true,
    name: 'Pat Pupil',
    ...over,
  }
}

/** The button on /login: Better Auth answers the provider's URL and sets its state cookie. */
async function start(cookie?: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    body: {
      provider: 'oidc',
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/login?provider=oidc',
    },
    cookie,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { url: res.json().url as string, cookie: cookieOf(res.headers['set-cookie']) }
}

/** Back from the provider: the callback, with the browser's cookies. */
async function callback(path: string, cookie: string) {
  const res = await t.request({ method: 'GET', url: path, cookie })
  expect(res.statusCode, res.body).toBe(302)
  const to = new URL(res.headers.location as string, TEST_ORIGIN)
  const sessionCookie = cookieOf(res.headers['set-cookie'])
    .split('; ')
    .filter((c) => c.startsWith('better-auth.session_token='))
    .join('; ')
  return { to, error: to.searchParams.get('error'), sessionCookie }
}

async function signInWith(person: OidcAccount, tamper: (url: URL) => void = () => {}) {
  idp.signInAs(person)
  const { url, cookie } = await start()
  const authorization = new URL(url)
  tamper(authorization)
  return callback(await idp.authorize(authorization.href), cookie)
}

const me = async (cookie: string) => t.request({ method: 'GET', url: '/api/me', cookie })
const usersWith = (email: string) => t.database.db.select().from(user).where(eq(user.email, email))
const linksOf = (userId: string) => t.database.db.select().from(account).where(eq(account.userId, userId))

describe('signing in with an OpenID Connect provider', () => {
  it('asks the provider for a code with PKCE (S256), a state and a nonce, back to our callback', async () => {
    const { url } = await start()
    const authorization = new URL(url)
    expect(authorization.origin).toBe(idp.issuer)
    const q = authorization.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(idp.clientId)
    expect(q.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`)
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')?.length).toBeGreaterThan(40)
    expect(q.get('state')?.length).toBeGreaterThan(20)
    expect(q.get('nonce')?.length).toBeGreaterThan(20)
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
  })

  it('makes the account on a first sign-in, signed in, and goes to welcome; then signs it in', async () => {
    const pupil = someone({ name: 'Ada Lovelace' })
    const first = await signInWith(pupil)
    expect(first.error).toBeNull()
    expect(first.to.pathname).toBe('/welcome')
    const read = await me(first.sessionCookie)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ email: pupil.email, name: 'Ada Lovelace', emailVerified: true })

    const [made] = await usersWith(pupil.email)
    expect(made.image).toBeNull()
    const links = await linksOf(made.id)
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ providerId: 'oidc', accountId: pupil.sub, password: null })
    // Inkwell never calls the provider's API: its tokens are not kept.
    expect(links[0]).toMatchObject({ accessToken: null, refreshToken: null, idToken: null })

    const again = await signInWith(pupil)
    expect(again.to.pathname).toBe('/dashboard')
    expect((await me(again.sessionCookie)).json().id).toBe(made.id)
    expect(await usersWith(pupil.email)).toHaveLength(1)
  })

  it('never links an existing account at sign-in: the person signs in their usual way, then connects it', async () => {
    const email = `grace-${Date.now()}@school.test`
    const grace = await createUser(t, { email, name: 'Grace Hopper' })
    const atSchool = someone({ email })

    const refused = await signInWith(atSchool)
    expect(refused.to.pathname).toBe('/login')
    expect(refused.to.searchParams.get('provider')).toBe('oidc')
    expect(refused.error).toBe('account_not_linked')
    expect(refused.sessionCookie).toBe('')
    expect((await linksOf(grace.id)).map((a) => a.providerId)).toEqual(['credential'])

    // Signed in with her password a moment ago: Settings → Connect.
    const link = await t.request({
      method: 'POST',
      url: '/api/auth/link-social',
      body: {
        provider: 'oidc',
        callbackURL: '/settings?connected=oidc',
        errorCallbackURL: '/settings?provider=oidc',
      },
      cookie: grace.cookie,
    })
    expect(link.statusCode, link.body).toBe(200)
    idp.signInAs(atSchool)
    const linked = await callback(
      await idp.authorize(link.json().url),
      `${grace.cookie}; ${cookieOf(link.headers['set-cookie'])}`,
    )
    expect(linked.error).toBeNull()
    expect(linked.to.pathname + linked.to.search).toBe('/settings?connected=oidc')
    expect((await linksOf(grace.id)).map((a) => a.providerId).sort()).toEqual(['credential', 'oidc'])

    const viaSchool = await signInWith(atSchool)
    expect(viaSchool.to.pathname).toBe('/dashboard')
    expect((await me(viaSchool.sessionCookie)).json().id).toBe(grace.id)
  })

  it('connects only right after a sign-in, and never an unverified e-mail', async () => {
    const person = await createUser(t)
    const stale = async () =>
      t.database.db
        .update(session)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(session.userId, person.id))
    await stale()
    const late = await t.request({
      method: 'POST',
      url: '/api/auth/link-social',
      body: { provider: 'oidc', callbackURL: '/settings' },
      cookie: person.cookie,
    })
    expect(late.statusCode).toBe(403)
    expect(late.json().error.fields.confirm).toMatch(/confirm it's you/)

    const fresh = cookieOf(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          body: { email: person.email, password: person.password },
        })
      ).headers['set-cookie'],
    )
    const link = await t.request({
      method: 'POST',
      url: '/api/auth/link-social',
      body: { provider: 'oidc', callbackURL: '/settings', errorCallbackURL: '/settings?provider=oidc' },
      cookie: fresh,
    })
    expect(link.statusCode, link.body).toBe(200)
    idp.signInAs(someone({ email: person.email, email_verified: false }))
    const refused = await callback(
      await idp.authorize(link.json().url),
      `${fresh}; ${cookieOf(link.headers['set-cookie'])}`,
    )
    expect(refused.to.pathname).toBe('/settings')
    expect(refused.error).toBe('provider_email_not_verified')
    expect((await linksOf(person.id)).map((a) => a.providerId)).toEqual(['credential'])
  })

  it('makes no account from an e-mail the provider has not verified', async () => {
    const unverified = someone({ email_verified: false })
    const res = await signInWith(unverified)
    expect(res.to.pathname).toBe('/login')
    expect(res.error).toBe('provider_email_not_verified')
    expect(res.sessionCookie).toBe('')
    expect(await usersWith(unverified.email)).toHaveLength(0)
  })

  it('refuses a wrong state, and the right state from another browser', async () => {
    const pupil = someone()
    idp.signInAs(pupil)
    const { url, cookie } = await start()
    const back = new URL(await idp.authorize(url), TEST_ORIGIN)
    const state = back.searchParams.get('state')!

    const forged = new URL(back)
    forged.searchParams.set('state', `${state.slice(0, -4)}abcd`)
    const wrong = await callback(forged.pathname + forged.search, cookie)
    expect(wrong.to.pathname).toBe('/login')
    expect(wrong.error).toBe('state_mismatch')
    expect(wrong.sessionCookie).toBe('')

    // The state is right, but this browser did not start the sign-in (no state cookie).
    const elsewhere = await callback(back.pathname + back.search, '')
    expect(elsewhere.error).toBe('state_mismatch')
    expect(elsewhere.sessionCookie).toBe('')
    expect(await usersWith(pupil.email)).toHaveLength(0)
  })

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const pupil = someone()
    const res = await signInWith(pupil, (url) =>
      url.searchParams.set('nonce', 'a-nonce-someone-else-chose-1234567890'),
    )
    expect(res.to.pathname).toBe('/login')
    expect(res.error).toBe('unable_to_get_user_info')
    expect(res.sessionCookie).toBe('')
    expect(await usersWith(pupil.email)).toHaveLength(0)
  })

  it('refuses an expired code', async () => {
    const pupil = someone()
    idp.signInAs(pupil)
    idp.setCodeTtl(1)
    try {
      const { url, cookie } = await start()
      const back = await idp.authorize(url)
      await setTimeout(1_600)
      const res = await callback(back, cookie)
      expect(res.error).toBe('invalid_code')
      expect(res.sessionCookie).toBe('')
      expect(await usersWith(pupil.email)).toHaveLength(0)
    } finally {
      idp.setCodeTtl(60)
    }
  })

  it('does not sign a suspended person in', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const pupil = someone()
    const first = await signInWith(pupil)
    const id = (await me(first.sessionCookie)).json().id
    const suspend = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${id}/suspension`,
      body: { suspended: true, reason: 'Spam' },
      cookie: admin.cookie,
    })
    expect(suspend.statusCode, suspend.body).toBe(200)

    const res = await signInWith(pupil)
    expect(res.to.pathname).toBe('/login')
    expect(res.error).toBe('BANNED_USER')
    expect(res.sessionCookie).toBe('')
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0)
  })
})
