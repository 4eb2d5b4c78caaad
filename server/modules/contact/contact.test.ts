import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_RATE_LIMIT } from '#common/constants.ts'
import { buildApp } from '#server/app.ts'
import { contactMessage, requestCounter } from '#server/db/schema/index.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const valid = {
  name: 'Amara Obi',
  email: 'amara@example.com',
  subject: 'A question about exams',
  message: 'Can I retake an exam after failing it once?',
}

const send = (app: TestApp, body: unknown, cookie?: string) =>
  app.request({ method: 'POST', url: '/api/contact', body, cookie })

const messageCount = async (app: TestApp) =>
  (await app.database.db.select({ n: count() }).from(contactMessage))[0].n

describe('POST /api/contact', () => {
  it('answers 400 with a message per field and stores nothing', async () => {
    const before = await messageCount(t)
    const res = await send(t, { name: '  ', email: 'not-an-address', subject: '', message: 'too short' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Some fields need your attention',
        fields: {
          name: 'Enter your name',
          email: 'Enter a valid e-mail address',
          subject: 'Add a subject',
          message: 'Tell us a little more (at least 10 characters)',
        },
      },
    })
    expect(await messageCount(t)).toBe(before)
  })

  it.each([
    [
      'a subject over 150 characters',
      { subject: 'x'.repeat(151) },
      'subject',
      'Keep it under 150 characters',
    ],
    [
      'a message over 5000 characters',
      { message: 'x'.repeat(5001) },
      'message',
      'Keep it under 5000 characters',
    ],
    ['a missing e-mail', { email: undefined }, 'email', expect.any(String)],
  ])('refuses %s', async (_, change, field, message) => {
    const before = await messageCount(t)
    const res = await send(t, { ...valid, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ [field]: message })
    expect(await messageCount(t)).toBe(before)
  })

  it('stores a message from someone signed out, without a user', async () => {
    const res = await send(t, { ...valid, email: '  Amara@Example.COM ', subject: '  Exams  ' })
    expect(res.statusCode).toBe(201)
    const { id } = res.json()
    const [row] = await t.database.db.select().from(contactMessage).where(eq(contactMessage.id, id))
    expect(row).toMatchObject({
      name: 'Amara Obi',
      email: 'amara@example.com',
      subject: 'Exams',
      message: valid.message,
      userId: null,
      handled: false,
    })
  })

  it('links a message from someone signed in to their account', async () => {
    const person = await createUser(t)
    const res = await send(t, valid, person.cookie)
    expect(res.statusCode).toBe(201)
    const [row] = await t.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, res.json().id))
    expect(row.userId).toBe(person.id)
  })

  it('ignores a user id sent in the body', async () => {
    const person = await createUser(t)
    const res = await send(t, { ...valid, userId: person.id, handled: true })
    expect(res.statusCode).toBe(201)
    const [row] = await t.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, res.json().id))
    expect(row).toMatchObject({ userId: null, handled: false })
  })

  it('does not limit when rate limiting is off', async () => {
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(t, valid)).statusCode).toBe(201)
    }
    expect(await t.database.db.select().from(requestCounter)).toEqual([])
  })
})

describe('POST /api/contact rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => limited.close())

  it('accepts 5 messages an hour from one address, then answers 429, counted in the database', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const res = await send(limited, valid)
      expect(res.statusCode).toBe(201)
      expect(res.headers['ratelimit-remaining']).toBe(String(CONTACT_RATE_LIMIT.max - i - 1))
    }
    const blocked = await send(limited, valid)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many attempts. Try again in 60 minutes.' },
    })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(CONTACT_RATE_LIMIT.windowSeconds - 60)
    expect(await messageCount(limited)).toBe(CONTACT_RATE_LIMIT.max)

    const [counter] = await limited.database.db.select().from(requestCounter)
    expect(counter.key).toBe('POST/api/contact:127.0.0.1')
    expect(counter.count).toBe(CONTACT_RATE_LIMIT.max + 1)
    expect(counter.resetAt.getTime()).toBeGreaterThan(
      Date.now() + (CONTACT_RATE_LIMIT.windowSeconds - 60) * 1000,
    )

    // Signing in or spoofing a forwarded address does not reset it.
    const person = await createUser(limited)
    const spoofed = await limited.request({
      method: 'POST',
      url: '/api/contact',
      body: valid,
      cookie: person.cookie,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(spoofed.statusCode).toBe(429)

    // A second server process on the same database enforces the same counter.
    const second = await buildApp({ config: limited.config, database: limited.database, logger: false })
    try {
      await second.ready()
      const res = await second.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(valid),
      })
      expect(res.statusCode).toBe(429)
    } finally {
      await second.close()
    }
    expect(await messageCount(limited)).toBe(CONTACT_RATE_LIMIT.max)
  })

  it('starts counting again once the window has passed', async () => {
    await limited.database.db.update(requestCounter).set({ resetAt: new Date(Date.now() - 1000) })
    expect((await send(limited, valid)).statusCode).toBe(201)
    const [counter] = await limited.database.db.select().from(requestCounter)
    expect(counter.count).toBe(1)
  })
})
