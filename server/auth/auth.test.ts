import fs from 'node:fs'
import path from 'node:path'
import { count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { account, profile, rateLimit, session, user } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { cookieOf, createUser, signIn } from '#server/test/factories.ts'
import { PNG_1PX, uploadAvatar } from '#server/test/upload.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const SESSION_COOKIE = 'better-auth.session_token'

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(user).where(eq(user.email, email)))[0]
const usersWithEmail = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(user).where(eq(user.email, email)))[0].n

const getSession = (cookie?: string) => t.request({ method: 'GET', url: '/api/auth/get-session', cookie })

/** The signed-in user's id for a cookie, or null when the cookie opens no session. */
async function sessionUserId(cookie: string): Promise<string | null> {
  const res = await getSession(cookie)
  expect(res.statusCode).toBe(200)
  return (res.json() as { user: { id: string } } | null)?.user.id ?? null
}

/** Follows a link from a mail the way a browser does: a plain GET, no Origin header. */
const follow = (link: string) => {
  const url = new URL(link)
  expect(url.origin).toBe(TEST_ORIGIN)
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
}

const signUp = (body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/sign-up/email', body })

describe('sign up', () => {
  it('creates the user with role user, a profile row and a session', async () => {
    const res = await signUp({
      name: '  Ada Lovelace ',
      email: 'ada@example.com',
      password: 'analytical engine',
    })
    expect(res.statusCode).toBe(200)
    const created = await userByEmail('ada@example.com')
    expect(created).toMatchObject({ name: 'Ada Lovelace', role: 'user', banned: false, emailVerified: false })
    expect(res.json().user.id).toBe(created.id)
    const [row] = await t.database.db.select().from(profile).where(eq(profile.userId, created.id))
    expect(row).toMatchObject({ bio: '', intent: null, interests: [], links: [], onboardedAt: null })
    expect(await sessionUserId(cookieOf(res.headers['set-cookie']))).toBe(created.id)
  })

  it('sends a verification mail whose link confirms the address', async () => {
    await signUp({ name: 'Vera', email: 'vera@example.com', password: 'correct horse battery' })
    const mail = await t.mailbox.waitFor('vera@example.com', { subject: 'Confirm your e-mail address' })
    expect(mail.link).toMatch(`${TEST_ORIGIN}/api/auth/verify-email?token=`)
    expect((await userByEmail('vera@example.com')).emailVerified).toBe(false)
    const res = await follow(mail.link!)
    expect(res.statusCode).toBe(302)
    expect((await userByEmail('vera@example.com')).emailVerified).toBe(true)
  })

  it('stores the e-mail address in lower case and signs in with any case', async () => {
    const res = await signUp({
      name: 'Case',
      email: 'MiXeD.Case@Example.COM',
      password: 'correct horse battery',
    })
    expect(res.statusCode).toBe(200)
    expect(await userByEmail('mixed.case@example.com')).toBeDefined()
    expect((await signIn(t, 'MIXED.case@example.com', 'correct horse battery')).statusCode).toBe(200)
  })

  it.each([
    ['an empty name', '   ', 'Enter your name'],
    ['a name over 80 characters', 'x'.repeat(81), 'Keep it under 80 characters'],
  ])('refuses %s and creates nothing', async (_, name, message) => {
    const email = `bad-name-${name.length}@example.com`
    const res = await signUp({ name, email, password: 'correct horse battery' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { code: 'bad_request', message, fields: { name: message } } })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await usersWithEmail(email)).toBe(0)
  })

  it('refuses a password under 8 characters and creates nothing', async () => {
    const res = await signUp({ name: 'Short', email: 'short@example.com', password: '1234567' })
    expect(res.statusCode).toBe(400)
    const message = 'Use a password of at least 8 characters'
    expect(res.json()).toEqual({ error: { code: 'bad_request', message, fields: { password: message } } })
    expect(await usersWithEmail('short@example.com')).toBe(0)
  })

  it('refuses an invalid e-mail address', async () => {
    const res = await signUp({ name: 'Nope', email: 'not-an-email', password: 'correct horse battery' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Some fields need your attention',
        fields: { email: 'Invalid email address' },
      },
    })
    expect(await usersWithEmail('not-an-email')).toBe(0)
  })

  it('refuses a second account for the same e-mail (in any case) and keeps the first password', async () => {
    const first = await createUser(t, { email: 'taken@example.com' })
    for (const email of ['taken@example.com', 'TAKEN@example.com']) {
      const res = await signUp({ name: 'Impostor', email, password: 'another password' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        error: {
          code: 'conflict',
          message: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
          fields: {
            email: 'An account with this e-mail already exists. Sign in instead, or use another e-mail.',
          },
        },
      })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    expect(await usersWithEmail('taken@example.com')).toBe(1)
    expect((await signIn(t, 'taken@example.com', 'another password')).statusCode).toBe(401)
    expect((await signIn(t, 'taken@example.com', first.password)).statusCode).toBe(200)
  })

  it('ignores a role or ban state sent with the sign-up', async () => {
    const res = await signUp({
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'correct horse battery',
      role: 'admin',
      banned: false,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/role/) })
    expect(await usersWithEmail('sneaky@example.com')).toBe(0)
  })
})

describe('sign in with a password, session cookie, sign out', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite session cookie', async () => {
    const person = await createUser(t)
    const res = await signIn(t, person.email, person.password)
    expect(res.statusCode).toBe(200)
    const cookies = [res.headers['set-cookie'] ?? []].flat()
    const sessionCookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    expect(sessionCookie).toBeDefined()
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i)
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i)
    expect(sessionCookie).toMatch(/;\s*Path=\//i)
    expect(await sessionUserId(cookieOf(res.headers['set-cookie']))).toBe(person.id)
  })

  it('accepts a body the bridge has to re-serialise (pretty-printed JSON)', async () => {
    const person = await createUser(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: person.email, password: person.password }, null, 4),
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown e-mail the same way, without a cookie', async () => {
    const person = await createUser(t)
    const wrong = await signIn(t, person.email, 'not the password')
    const unknown = await signIn(t, 'nobody-here@example.com', 'not the password')
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        error: {
          code: 'unauthorized',
          message: 'That e-mail and password do not match an account. Check them and try again.',
        },
      })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
  })

  it('answers get-session with null when signed out and with the user when signed in', async () => {
    const signedOut = await getSession()
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.json()).toBeNull()

    const person = await createUser(t, { name: 'Grace Hopper' })
    const signedIn = await getSession(person.cookie)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user).toMatchObject({
      id: person.id,
      name: 'Grace Hopper',
      email: person.email,
      role: 'user',
    })
    expect(signedIn.json().user).not.toHaveProperty('password')
  })

  it('ignores a forged session cookie', async () => {
    expect(await sessionUserId(`${SESSION_COOKIE}=forged.value`)).toBeNull()
  })

  it('signs out: the session row is gone and the old cookie opens nothing', async () => {
    const person = await createUser(t)
    const other = cookieOf((await signIn(t, person.email, person.password)).headers['set-cookie'])
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: person.cookie })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['set-cookie'])).toMatch(`${SESSION_COOKIE}=;`)
    expect(await sessionUserId(person.cookie)).toBeNull()
    // Signing out on one device leaves the other signed in.
    expect(await sessionUserId(other)).toBe(person.id)
    const rows = await t.database.db.select().from(session).where(eq(session.userId, person.id))
    expect(rows).toHaveLength(1)
  })
})

describe('sign out everywhere', () => {
  it('needs a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/revoke-sessions', body: {} })).statusCode).toBe(
      401,
    )
  })

  it("ends every session of the account and no one else's", async () => {
    const person = await createUser(t)
    const bystander = await createUser(t)
    const otherDevice = cookieOf((await signIn(t, person.email, person.password)).headers['set-cookie'])
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      body: {},
      cookie: person.cookie,
    })
    expect(res.statusCode).toBe(200)
    expect(await sessionUserId(person.cookie)).toBeNull()
    expect(await sessionUserId(otherDevice)).toBeNull()
    expect(await t.database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([])
    expect(await sessionUserId(bystander.cookie)).toBe(bystander.id)
  })
})

describe('e-mail link sign-in', () => {
  const SUBJECT = 'Your Inkwell sign-in link'

  it('mails a link that signs the person in once', async () => {
    const person = await createUser(t)
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      body: { email: person.email, callbackURL: '/dashboard' },
    })
    expect(res.statusCode).toBe(200)
    const mail = await t.mailbox.waitFor(person.email, { subject: SUBJECT })
    expect(mail.link).toMatch(`${TEST_ORIGIN}/api/auth/magic-link/verify?token=`)

    const verified = await follow(mail.link!)
    expect(verified.statusCode).toBe(302)
    expect(verified.headers.location).toBe(`${TEST_ORIGIN}/dashboard`)
    const cookie = cookieOf(verified.headers['set-cookie'])
    expect(await sessionUserId(cookie)).toBe(person.id)
    // Proving control of the mailbox verifies the address.
    expect((await userByEmail(person.email)).emailVerified).toBe(true)

    const again = await follow(mail.link!)
    expect(again.statusCode).toBe(302)
    expect(again.headers.location).toContain('error=INVALID_TOKEN')
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('does not create an account for an unknown address', async () => {
    const email = 'stranger@example.com'
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-in/magic-link', body: { email } })
    expect(res.statusCode).toBe(200)
    const mail = await t.mailbox.waitFor(email, { subject: SUBJECT })
    const verified = await follow(mail.link!)
    expect(verified.statusCode).toBe(302)
    expect(verified.headers.location).toContain('error=new_user_signup_disabled')
    expect(verified.headers['set-cookie']).toBeUndefined()
    expect(await usersWithEmail(email)).toBe(0)
  })

  it('refuses a callback URL on another site', async () => {
    const person = await createUser(t)
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      body: { email: person.email, callbackURL: 'https://evil.example/steal' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      error: { code: 'forbidden', message: 'The page to open afterwards must be on Inkwell' },
    })
    expect(t.mailbox.received.some((m) => m.to.includes(person.email) && m.subject === SUBJECT)).toBe(false)
  })

  it('refuses a hand-made verify link that would send the session elsewhere', async () => {
    const person = await createUser(t)
    await t.request({ method: 'POST', url: '/api/auth/sign-in/magic-link', body: { email: person.email } })
    const link = new URL((await t.mailbox.waitFor(person.email, { subject: SUBJECT })).link!)
    link.searchParams.set('callbackURL', 'https://evil.example/steal')
    const res = await follow(link.toString())
    expect(res.statusCode).toBe(403)
    expect(res.headers.location).toBeUndefined()
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

describe('forgot password', () => {
  const SUBJECT = 'Reset your Inkwell password'

  it('mails a reset link; the new password works, the old one and every session stop working', async () => {
    const person = await createUser(t)
    const otherDevice = cookieOf((await signIn(t, person.email, person.password)).headers['set-cookie'])

    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      body: { email: person.email, redirectTo: '/reset-password' },
    })
    expect(asked.statusCode).toBe(200)
    const mail = await t.mailbox.waitFor(person.email, { subject: SUBJECT })
    const link = new URL(mail.link!)
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`)
    const token = link.searchParams.get('token')!
    expect(token).toMatch(/^\w{16,}$/)

    const tooShort = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { newPassword: 'short', token },
    })
    expect(tooShort.statusCode).toBe(400)
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200)

    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { newPassword: 'a brand new password', token },
    })
    expect(reset.statusCode).toBe(200)
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(401)
    expect((await signIn(t, person.email, 'a brand new password')).statusCode).toBe(200)
    expect(await sessionUserId(person.cookie)).toBeNull()
    expect(await sessionUserId(otherDevice)).toBeNull()

    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { newPassword: 'yet another password', token },
    })
    expect(reused.statusCode).toBe(400)
    expect((await signIn(t, person.email, 'yet another password')).statusCode).toBe(401)
  })

  it('answers an unknown address like a known one and sends nothing', async () => {
    const email = 'no-such-person@example.com'
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      body: { email, redirectTo: '/reset-password' },
    })
    expect(res.statusCode).toBe(200)
    expect(t.mailbox.received.some((m) => m.to.includes(email))).toBe(false)
  })

  it('refuses an invalid token', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { newPassword: 'a brand new password', token: 'made-up-token' },
    })
    expect(res.statusCode).toBe(400)
    const message = 'This link is invalid or has expired. Request a new one.'
    expect(res.json()).toEqual({ error: { code: 'bad_request', message, fields: { token: message } } })
  })

  it('refuses a redirect to another site', async () => {
    const person = await createUser(t)
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      body: { email: person.email, redirectTo: 'https://evil.example/reset' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toEqual({
      code: 'forbidden',
      message: 'The page to open afterwards must be on Inkwell',
    })
    expect(t.mailbox.received.some((m) => m.to.includes(person.email) && m.subject === SUBJECT)).toBe(false)
  })
})

describe('change password', () => {
  const change = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/auth/change-password', body, cookie })

  it('needs a session', async () => {
    const res = await change(undefined, { currentPassword: 'whatever1', newPassword: 'whatever2' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } })
  })

  it('refuses a wrong current password or a short new one and keeps the old password', async () => {
    const person = await createUser(t)
    const wrong = await change(person.cookie, {
      currentPassword: 'not my password',
      newPassword: 'a new password',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toEqual({
      code: 'bad_request',
      message: 'That password is not correct',
      fields: { currentPassword: 'That password is not correct' },
    })
    const short = await change(person.cookie, { currentPassword: person.password, newPassword: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toEqual({
      code: 'bad_request',
      message: 'Use a password of at least 8 characters',
      fields: { newPassword: 'Use a password of at least 8 characters' },
    })
    const missing = await change(person.cookie, { currentPassword: person.password })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatchObject({
      code: 'bad_request',
      fields: { newPassword: expect.any(String) },
    })
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200)
    expect((await signIn(t, person.email, 'a new password')).statusCode).toBe(401)
  })

  it('changes the password and can end the other sessions', async () => {
    const person = await createUser(t)
    const otherDevice = cookieOf((await signIn(t, person.email, person.password)).headers['set-cookie'])
    const res = await change(person.cookie, {
      currentPassword: person.password,
      newPassword: 'a new password',
      revokeOtherSessions: true,
    })
    expect(res.statusCode).toBe(200)
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(401)
    expect((await signIn(t, person.email, 'a new password')).statusCode).toBe(200)
    expect(await sessionUserId(otherDevice)).toBeNull()
    expect(await sessionUserId(cookieOf(res.headers['set-cookie']))).toBe(person.id)
  })
})

describe('change e-mail', () => {
  const change = (cookie: string | undefined, newEmail: string) =>
    t.request({ method: 'POST', url: '/api/auth/change-email', body: { newEmail }, cookie })

  it('needs a session', async () => {
    expect((await change(undefined, 'new@example.com')).statusCode).toBe(401)
  })

  it('changes an unverified address directly; the new one signs in', async () => {
    const person = await createUser(t)
    const res = await change(person.cookie, 'Moved@Example.com')
    expect(res.statusCode).toBe(200)
    expect((await t.database.db.select().from(user).where(eq(user.id, person.id)))[0].email).toBe(
      'moved@example.com',
    )
    expect((await signIn(t, 'moved@example.com', person.password)).statusCode).toBe(200)
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(401)
  })

  it("never takes someone else's address", async () => {
    const owner = await createUser(t)
    const person = await createUser(t)
    const res = await change(person.cookie, owner.email)
    // Same answer as a free address, so the endpoint cannot be used to probe for accounts.
    expect(res.statusCode).toBe(200)
    expect((await t.database.db.select().from(user).where(eq(user.id, person.id)))[0].email).toBe(
      person.email,
    )
    expect(await usersWithEmail(owner.email)).toBe(1)
  })

  it('refuses an invalid address', async () => {
    const person = await createUser(t)
    const res = await change(person.cookie, 'not-an-address')
    expect(res.statusCode).toBe(400)
    expect((await t.database.db.select().from(user).where(eq(user.id, person.id)))[0].email).toBe(
      person.email,
    )
  })
})

describe('profile fields through Better Auth', () => {
  const update = (cookie: string, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/auth/update-user', body, cookie })

  it('does not expose update-user (names change through PATCH /api/me, with its rules)', async () => {
    const person = await createUser(t, { name: 'Kept Name' })
    const res = await update(person.cookie, { name: 'x'.repeat(81) })
    expect(res.statusCode).toBe(404)
    expect((await userByEmail(person.email)).name).toBe('Kept Name')
  })

  it('never lets a client point its picture at a file (it could then delete that file)', async () => {
    const victim = await createUser(t)
    const uploaded = await uploadAvatar(t, victim.cookie, PNG_1PX)
    const victimImage = uploaded.json().image as string
    const attacker = await createUser(t)
    const res = await update(attacker.cookie, { image: victimImage })
    expect(res.statusCode).toBe(404)
    expect((await userByEmail(attacker.email)).image).toBeNull()

    const signUpWithImage = await signUp({
      name: 'Attacker Two',
      email: 'attacker-two@example.com',
      password: 'correct horse battery',
      image: victimImage,
    })
    expect(signUpWithImage.statusCode).toBe(400)
    expect(await usersWithEmail('attacker-two@example.com')).toBe(0)
    expect((await t.request({ method: 'GET', url: victimImage })).statusCode).toBe(200)
  })

  it('never lets a client make itself admin or lift its own suspension', async () => {
    const person = await createUser(t)
    for (const body of [{ role: 'admin' }, { banned: false }, { name: 'Fine', role: 'admin' }]) {
      expect((await update(person.cookie, body)).statusCode).toBe(404)
    }
    expect(await userByEmail(person.email)).toMatchObject({ role: 'user', name: person.name })
    const viaAdminApi = await t.request({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      body: { userId: person.id, role: 'admin' },
      cookie: person.cookie,
    })
    expect(viaAdminApi.statusCode).toBe(404)
    expect((await userByEmail(person.email)).role).toBe('user')
  })
})

describe('delete account', () => {
  const remove = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/auth/delete-user', body, cookie })

  it('needs a session', async () => {
    expect((await remove(undefined, { password: 'whatever' })).statusCode).toBe(401)
  })

  it('asks for the password even on a fresh session, and keeps everything without it', async () => {
    const person = await createUser(t)
    const res = await remove(person.cookie, {})
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: 'Enter your password to confirm',
      fields: { password: 'Enter your password to confirm' },
    })
    expect(await userByEmail(person.email)).toBeDefined()
    expect(await sessionUserId(person.cookie)).toBe(person.id)
  })

  it('keeps everything when the password is wrong', async () => {
    const person = await createUser(t)
    const res = await remove(person.cookie, { password: 'not my password' })
    expect(res.statusCode).toBe(400)
    expect(await userByEmail(person.email)).toBeDefined()
    expect(await sessionUserId(person.cookie)).toBe(person.id)
  })

  it('removes the user, profile, accounts, sessions and avatar file', async () => {
    const person = await createUser(t)
    const uploaded = await uploadAvatar(t, person.cookie, PNG_1PX)
    expect(uploaded.statusCode).toBe(200)
    const image = uploaded.json().image as string
    const file = path.join(t.config.dataDir, 'uploads', image.replace('/api/files/', ''))
    expect(fs.existsSync(file)).toBe(true)

    const res = await remove(person.cookie, { password: person.password })
    expect(res.statusCode).toBe(200)
    const { db } = t.database
    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([])
    expect(await db.select().from(profile).where(eq(profile.userId, person.id))).toEqual([])
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([])
    expect(await db.select().from(account).where(eq(account.userId, person.id))).toEqual([])
    expect(fs.existsSync(file)).toBe(false)
    expect((await t.request({ method: 'GET', url: image })).statusCode).toBe(404)
    expect(await sessionUserId(person.cookie)).toBeNull()
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(401)
  })
})

describe('suspended users', () => {
  it('cannot sign in with a password or an e-mail link', async () => {
    const person = await createUser(t)
    await t.database.db.update(user).set({ banned: true, banReason: 'Spam' }).where(eq(user.id, person.id))
    const res = await signIn(t, person.email, person.password)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toEqual({
      code: 'forbidden',
      message:
        'This account is suspended. If you think that is a mistake, write to us through the contact page.',
    })
    expect(res.headers['set-cookie']).toBeUndefined()

    await t.request({ method: 'POST', url: '/api/auth/sign-in/magic-link', body: { email: person.email } })
    const mail = await t.mailbox.waitFor(person.email, { subject: 'Your Inkwell sign-in link' })
    const before = new Date()
    const verified = await follow(mail.link!)
    expect(verified.statusCode).toBe(403)
    expect(verified.headers['set-cookie']).toBeUndefined()
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, person.id))
    expect(sessions.filter((s) => s.createdAt >= before)).toEqual([])
  })
})

describe('rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('limits password sign-in per address, in the database, across server processes', async () => {
    const person = await createUser(limited)
    for (let i = 0; i < 10; i++) {
      expect((await signIn(limited, person.email, 'wrong password')).statusCode).toBe(401)
    }
    const blocked = await signIn(limited, person.email, person.password)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json().error.code).toBe('rate_limited')

    // Headers a client controls do not buy a fresh counter.
    const spoofed = await limited.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      body: { email: person.email, password: person.password },
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-inkwell-client-ip': '203.0.113.10' },
    })
    expect(spoofed.statusCode).toBe(429)

    const rows = await limited.database.db
      .select()
      .from(rateLimit)
      .where(like(rateLimit.key, '%/sign-in/email%'))
    expect(rows).toHaveLength(1)
    expect(rows[0].count).toBe(10)

    // A second server process on the same database sees the same counter.
    const second = await buildApp({ config: limited.config, database: limited.database, logger: false })
    try {
      await second.ready()
      const res = await second.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: person.email, password: person.password }),
      })
      expect(res.statusCode).toBe(429)
    } finally {
      await second.close()
    }
  })

  it('does not limit when rate limiting is off', async () => {
    const person = await createUser(t)
    for (let i = 0; i < 11; i++) {
      expect((await signIn(t, person.email, 'wrong password')).statusCode).toBe(401)
    }
    expect((await signIn(t, person.email, person.password)).statusCode).toBe(200)
  })
})
