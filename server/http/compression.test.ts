import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { accepts, COMPRESS_MIN_BYTES } from './compression.ts'

// API answers big enough to pay are compressed as the client allows; small ones and
// clients that allow nothing get them as they are.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

// Every subject with its description: a few KB of JSON on a fresh database.
const BIG = '/api/subjects'
const get = (url: string, encoding?: string) =>
  t.request({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } })

describe('accepts', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip, deflate, br', 'gzip', true],
    ['br;q=0, gzip', 'br', false],
    ['x-gzip', 'gzip', true],
    ['GZIP;q=0.5', 'gzip', true],
    ['identity', 'gzip', false],
    [undefined, 'br', false],
  ] as const)('%s allows %s: %s', (header, coding, expected) => {
    expect(accepts(header, coding)).toBe(expected)
  })
})

describe('JSON answers', () => {
  it('go out as they are to a client that allows no compression', async () => {
    const res = await get(BIG)
    expect(res.statusCode).toBe(200)
    expect(Buffer.byteLength(res.body)).toBeGreaterThan(COMPRESS_MIN_BYTES)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toContain('Accept-Encoding')
  })

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate, gzip', 'gzip'],
  ])('are compressed for "%s" as %s, to the same JSON', async (header, coding) => {
    const plain = (await get(BIG)).body
    const res = await get(BIG, header)
    expect(res.headers['content-encoding']).toBe(coding)
    expect(res.headers.vary).toContain('Accept-Encoding')
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 2)
    const body = coding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)
    expect(body.toString('utf8')).toBe(plain)
  })

  it('under the threshold, or for a client that allows only identity, are not', async () => {
    const small = await get('/api/health', 'gzip, br')
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect((await get(BIG, 'identity')).headers['content-encoding']).toBeUndefined()
  })
})
