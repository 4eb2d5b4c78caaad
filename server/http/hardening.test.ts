import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { multipartBody, PNG_1PX } from '#server/test/upload.ts'

let t: TestApp
let person: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  person = await createUser(t)
})
afterAll(() => t.close())

const contact = { name: 'Amara', email: 'amara@example.com', subject: 'Hi', message: 'A long enough message' }
const storedFiles = (dir: string) =>
  fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.'))

describe('uploads that are not well-formed multipart', () => {
  const truncated = multipartBody({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1PX })
  it.each([
    ['no boundary', 'multipart/form-data', 'whatever'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'whatever'],
    ['a body that ends mid-file', truncated.contentType, truncated.payload.subarray(0, 120)],
  ])('answer 400 in the error shape for %s and store nothing', async (_, type, payload) => {
    const uploads = path.join(t.config.dataDir, 'uploads')
    fs.mkdirSync(uploads, { recursive: true })
    const before = storedFiles(uploads)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': type },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'bad_request', message: expect.any(String) })
    expect(storedFiles(uploads)).toEqual(before)
  })

  it('still answers 413 for a file over the limit', async () => {
    const big = multipartBody({
      filename: 'big.png',
      contentType: 'image/png',
      bytes: Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024)]),
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': big.contentType },
      payload: big.payload,
    })
    expect(res.statusCode).toBe(413)
  })
})

describe('a failing query', () => {
  it('answers a generic 500 with the request id, never the SQL or its parameters', async () => {
    // The real app, as npm start builds it (NODE_ENV is not production), plus one route whose
    // query fails inside the database.
    const app = await buildApp({ config: t.config, database: t.database, logger: false })
    app.get('/api/test/failing-query', async () => {
      await app.ctx.db.execute(sql`select * from no_such_table where secret = ${'s3cret-param'}`)
      return { ok: true }
    })
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/failing-query' })
      expect(res.statusCode).toBe(500)
      const { error } = res.json()
      expect(error.code).toBe('internal')
      expect(error.message).toMatch(
        /^Something went wrong on our side\. Please try again\. \(Reference: .+\)$/,
      )
      expect(res.body).not.toMatch(/select|no_such_table|s3cret-param|params/i)
    } finally {
      await app.close()
    }
  })
})

describe('security headers', () => {
  it('sends a Permissions-Policy that turns off the features Inkwell never uses', async () => {
    for (const url of ['/api/docs', '/nothing-here']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy'])
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`)
      }
      // Passkeys: the page's own origin only.
      expect(policy).toContain('publickey-credentials-get=(self)')
      expect(policy).toContain('publickey-credentials-create=(self)')
    }
  })

  it('sends no HSTS over plain http or outside production', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers).not.toHaveProperty(
      'strict-transport-security',
    )
    const devHttps = await buildApp({
      config: { ...t.config, appUrl: 'https://inkwell.example' },
      database: t.database,
      logger: false,
    })
    const prodHttp = await buildApp({
      config: { ...t.config, env: 'production' },
      database: t.database,
      logger: false,
    })
    try {
      for (const app of [devHttps, prodHttp]) {
        const res = await app.inject({ method: 'GET', url: '/api/health' })
        expect(res.headers).not.toHaveProperty('strict-transport-security')
      }
    } finally {
      await devHttps.close()
      await prodHttp.close()
    }
  })

  it('sends HSTS in production over https', async () => {
    const app = await buildApp({
      config: { ...t.config, env: 'production', appUrl: 'https://inkwell.example' },
      database: t.database,
      logger: false,
    })
    try {
      for (const url of ['/api/health', '/api/docs']) {
        const res = await app.inject({ method: 'GET', url })
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/)
      }
    } finally {
      await app.close()
    }
  })
})

describe('the addresses Inkwell answers at', () => {
  const post = (app: TestApp['app'], url: string, origin: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })

  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'accepts %s, a loopback spelling of APP_URL, outside production (our routes and Better Auth)',
    async (origin) => {
      expect((await post(t.app, '/api/contact', origin, contact)).statusCode).toBe(201)
      const email = `loopback-${origin.length}-${Date.now()}@example.com`
      const signUp = await post(t.app, '/api/auth/sign-up/email', origin, {
        name: 'Loop Back',
        email,
        password: 'correct horse battery',
      })
      expect(signUp.statusCode).toBe(200)
    },
  )

  it.each([
    ['the machine’s network address', 'http://192.168.1.20:3000'],
    ['another port', 'http://localhost:5173'],
    ['https instead of http', 'https://localhost:3000'],
  ])('refuses %s and says which address to open', async (_, origin) => {
    const res = await post(t.app, '/api/auth/sign-up/email', origin, {
      name: 'Elsewhere',
      email: 'elsewhere@example.com',
      password: 'correct horse battery',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Open Inkwell at http://localhost:3000 — this address is not the one it is set up for',
      },
    })
  })

  it('accepts only APP_URL itself in production', async () => {
    const app = await buildApp({
      config: { ...t.config, env: 'production' },
      database: t.database,
      logger: false,
    })
    try {
      const res = await post(app, '/api/contact', 'http://127.0.0.1:3000', contact)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe(
        'Open Inkwell at http://localhost:3000 — this address is not the one it is set up for',
      )
      expect((await post(app, '/api/contact', TEST_ORIGIN, contact)).statusCode).toBe(201)
    } finally {
      await app.close()
    }
  })
})
