import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimit } from '#server/db/schema/index.ts'
import { parseTrustProxy, readConfig } from '#server/env.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'

// A client behind the load balancer at 10.0.0.2 whose real address is 198.51.100.7 writes its own
// X-Forwarded-For entry in front of the one the proxy appends.
const PROXY = '10.0.0.2'
const CLIENT = '198.51.100.7'
const contact = { name: 'Amara', email: 'amara@example.com', subject: 'Hi', message: 'A long enough message' }

function viaProxy(t: TestApp, url: string, payload: unknown, n: number, remoteAddress = PROXY) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': `203.0.113.${n}, ${CLIENT}`,
    },
    payload: JSON.stringify(payload),
  })
}

describe.each([
  ['TRUST_PROXY=true (one proxy)', 'true'],
  ['TRUST_PROXY=1', '1'],
  ['TRUST_PROXY=<the proxies’ range>', '10.0.0.0/8'],
])('behind a proxy with %s, a forged X-Forwarded-For buys no fresh limit', (_, setting) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, trustProxy: readConfig({ TRUST_PROXY: setting }).trustProxy })
  })
  afterAll(() => t.close())

  it('sign-in answers 429 after 10 attempts', async () => {
    const person = await createUser(t)
    const statuses: number[] = []
    for (let n = 1; n <= 12; n++) {
      const res = await viaProxy(t, '/api/auth/sign-in/email', { email: person.email, password: 'wrong' }, n)
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
    // Counted under the address the proxy saw.
    const rows = await t.database.db.select().from(rateLimit).where(like(rateLimit.key, '%sign-in/email%'))
    expect(rows.map((r) => r.key)).toEqual([expect.stringContaining(CLIENT)])
  })

  it('the contact form stops at 5 an hour', async () => {
    const statuses: number[] = []
    for (let n = 1; n <= 8; n++) statuses.push((await viaProxy(t, '/api/contact', contact, n)).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
  })
})

describe('a client that reaches the server directly', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: true,
      trustProxy: readConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy,
    })
  })
  afterAll(() => t.close())

  it('is counted by its socket address, whatever X-Forwarded-For it writes', async () => {
    const statuses: number[] = []
    for (let n = 1; n <= 7; n++)
      statuses.push((await viaProxy(t, '/api/contact', contact, n, '192.0.2.50')).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('%s means %j', (value, expected) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', 'example.com'])(
    'refuses %s with a message naming it',
    (value) => {
      expect(parseTrustProxy(value)).toBeInstanceOf(Error)
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
    },
  )
})
