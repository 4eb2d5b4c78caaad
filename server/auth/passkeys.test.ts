import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, passkey, session } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, type TestUser } from '#server/test/factories.ts'
import { type SoftPasskey, softPasskey } from '#server/test/webauthn.ts'

// Passkeys (decision 050) through the bridge with Better Auth's passkey plugin, answered by a
// software authenticator: the options, adding (only right after a sign-in), signing in, renaming,
// removing, and the refusals people can meet.

let t: TestApp
let admin: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { role: 'admin' })
})
afterAll(() => t.close())

const both = (...cookies: string[]) => cookies.filter(Boolean).join('; ')

const registerOptions = (cookie?: string) =>
  t.request({ method: 'GET', url: '/api/auth/passkey/generate-register-options', cookie })

/** Settings → Add a passkey: the options, the authenticator's answer, the check. */
async function addPasskey(person: TestUser, key: SoftPasskey, name?: string) {
  const options = await registerOptions(person.cookie)
  expect(options.statusCode, options.body).toBe(200)
  return t.request({
    method: 'POST',
    url: '/api/auth/passkey/verify-registration',
    body: { response: key.register(options.json(), TEST_ORIGIN), name },
    cookie: both(person.cookie, cookieOf(options.headers['set-cookie'])),
  })
}

/** /login → Sign in with a passkey, signed out. */
async function signInWith(key: SoftPasskey, { withChallenge = true } = {}) {
  const options = await t.request({ method: 'GET', url: '/api/auth/passkey/generate-authenticate-options' })
  expect(options.statusCode, options.body).toBe(200)
  return t.request({
    method: 'POST',
    url: '/api/auth/passkey/verify-authentication',
    body: { response: key.authenticate(options.json(), TEST_ORIGIN) },
    cookie: withChallenge ? cookieOf(options.headers['set-cookie']) : undefined,
  })
}

const methods = async (cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/api/me/sign-in-methods', cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const makeStale = (person: TestUser) =>
  t.database.db
    .update(session)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(session.userId, person.id))

const passkeysOf = (userId: string) => t.database.db.select().from(passkey).where(eq(passkey.userId, userId))

describe('adding a passkey', () => {
  it('needs a session, and one signed in within the last 10 minutes', async () => {
    const signedOut = await registerOptions()
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json().error.code).toBe('unauthorized')

    const person = await createUser(t)
    await makeStale(person)
    const stale = await registerOptions(person.cookie)
    expect(stale.statusCode).toBe(403)
    expect(stale.json().error).toMatchObject({ code: 'forbidden' })
    expect(stale.json().error.fields.confirm).toMatch(/password.*e-mail link/)
    expect((await methods(person.cookie)).freshUntil).toBeNull()
    // The check itself, too: an answer made from options fetched earlier is refused now.
    const verify = await t.request({
      method: 'POST',
      url: '/api/auth/passkey/verify-registration',
      body: { response: softPasskey().register({ challenge: 'x', rp: { id: 'localhost' } }, TEST_ORIGIN) },
      cookie: person.cookie,
    })
    expect(verify.statusCode).toBe(403)
    expect(await passkeysOf(person.id)).toHaveLength(0)
  })

  it('offers a discoverable credential for APP_URL, and does not offer one this account already has', async () => {
    const person = await createUser(t)
    expect((await methods(person.cookie)).freshUntil).not.toBeNull()
    const options = (await registerOptions(person.cookie)).json()
    expect(options.rp).toEqual({ id: 'localhost', name: 'Inkwell' })
    expect(options.user.name).toBe(person.email)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' })
    expect(options.challenge.length).toBeGreaterThan(20)
    expect(options.excludeCredentials).toEqual([])

    const key = softPasskey()
    expect((await addPasskey(person, key, 'Phone')).statusCode).toBe(200)
    const again = (await registerOptions(person.cookie)).json()
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentialId])
  })

  it('adds one, listed with its name, that then signs the person in', async () => {
    const person = await createUser(t)
    const key = softPasskey()
    const added = await addPasskey(person, key, '  Work laptop ')
    expect(added.statusCode, added.body).toBe(200)

    const listed = await methods(person.cookie)
    expect(listed.password).toBe(true)
    expect(listed.passkeys).toEqual([
      { id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), backedUp: false },
    ])
    const [row] = await passkeysOf(person.id)
    expect(row).toMatchObject({ credentialID: key.credentialId, counter: 0, deviceType: 'singleDevice' })

    const signedIn = await signInWith(key)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json().user.id).toBe(person.id)
    expect(signedIn.json().session).not.toHaveProperty('token')
    const cookie = cookieOf(signedIn.headers['set-cookie'])
    const me = await t.request({ method: 'GET', url: '/api/me', cookie })
    expect(me.json().id).toBe(person.id)
    // A passkey sign-in is a fresh one.
    expect((await methods(cookie)).freshUntil).not.toBeNull()
  })
})

describe('signing in with a passkey', () => {
  it('refuses a passkey that is not registered here, saying what to do', async () => {
    const res = await signInWith(softPasskey())
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe(
      'This passkey is not registered here. Sign in with your password or an e-mail link, then add a passkey in Settings.',
    )
    expect(res.headers['set-cookie'] ?? '').not.toContain('session_token=')
  })

  it('refuses an answer to a challenge this browser was not given', async () => {
    const person = await createUser(t)
    const key = softPasskey()
    await addPasskey(person, key)
    const res = await signInWith(key, { withChallenge: false })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toMatch(/^That passkey request has expired\. Try again/)
  })

  it('does not sign a suspended person in', async () => {
    const person = await createUser(t)
    const key = softPasskey()
    await addPasskey(person, key)
    const suspend = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${person.id}/suspension`,
      body: { suspended: true, reason: 'Spam' },
      cookie: admin.cookie,
    })
    expect(suspend.statusCode, suspend.body).toBe(200)
    const res = await signInWith(key)
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toMatch(/^This account is suspended/)
    expect(await t.database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(0)
  })
})

describe('managing passkeys', () => {
  it("renames one (a name our rules accept), and someone else's is not found", async () => {
    const person = await createUser(t)
    const other = await createUser(t)
    await addPasskey(person, softPasskey())
    const [{ id }] = await passkeysOf(person.id)
    const rename = (name: string, cookie = person.cookie) =>
      t.request({ method: 'POST', url: '/api/auth/passkey/update-passkey', body: { id, name }, cookie })

    const blank = await rename('  \u200b ')
    expect(blank.statusCode).toBe(400)
    expect(blank.json().error.fields.name).toBe('Give the passkey a name')
    expect((await rename('x'.repeat(61))).json().error.fields.name).toMatch(/under 60/)
    expect((await rename('Mine now', other.cookie)).statusCode).toBe(404)
    const renamed = await rename(' Laptop ')
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await passkeysOf(person.id))[0].name).toBe('Laptop')
  })

  it('removes one, but never the last way to sign in', async () => {
    const person = await createUser(t)
    await addPasskey(person, softPasskey())
    await addPasskey(person, softPasskey())
    const [first, second] = await passkeysOf(person.id)
    const remove = (id: string, cookie = person.cookie) =>
      t.request({ method: 'POST', url: '/api/auth/passkey/delete-passkey', body: { id }, cookie })
    const other = await createUser(t)
    expect((await remove(first.id, other.cookie)).statusCode).toBe(404)

    // Without a password (an account made by a passkey or a provider), the last passkey stays.
    await t.database.db
      .delete(account)
      .where(and(eq(account.userId, person.id), eq(account.providerId, 'credential')))
    expect((await remove(first.id)).statusCode).toBe(200)
    const last = await remove(second.id)
    expect(last.statusCode).toBe(409)
    expect(last.json().error).toMatchObject({
      code: 'conflict',
      message:
        'This is your only way to sign in. Add a passkey or connect another account before you remove it.',
    })
    expect(await passkeysOf(person.id)).toHaveLength(1)
    expect((await methods(person.cookie)).password).toBe(false)
  })

  it('keeps the password: it is changed, not removed', async () => {
    const person = await createUser(t)
    const [credential] = await t.database.db.select().from(account).where(eq(account.userId, person.id))
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/unlink-account',
      body: { accountId: credential.id },
      cookie: person.cookie,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toMatch(/password cannot be removed/)
  })
})

describe('deleting the account', () => {
  it('removes its passkeys and its linked accounts', async () => {
    const person = await createUser(t)
    await addPasskey(person, softPasskey())
    await t.database.db.insert(account).values({
      id: crypto.randomUUID(),
      accountId: 'provider-subject',
      providerId: 'oidc',
      userId: person.id,
    })
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/delete-user',
      body: { password: person.password },
      cookie: person.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await passkeysOf(person.id)).toHaveLength(0)
    expect(await t.database.db.select().from(account).where(eq(account.userId, person.id))).toHaveLength(0)
  })
})
