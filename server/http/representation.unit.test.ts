import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { COMPRESS_MIN_BYTES } from './compression.ts'
import { representation } from './representation.ts'

// A kept answer is hashed and compressed once, however often it is sent.

const BIG = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Post ${i}` })) })

describe('a representation', () => {
  it('compresses its body once per coding and keeps the copy', () => {
    const rep = representation(BIG, 'application/json')
    const br = rep.bytes('br')
    expect(rep.bytes('br')).toBe(br)
    expect(zlib.brotliDecompressSync(br).toString()).toBe(BIG)
    expect(zlib.gunzipSync(rep.bytes('gzip')).toString()).toBe(BIG)
    expect(rep.bytes(null)).toBe(BIG)
  })

  it('has a tag per coding, the same for the same bytes', () => {
    const rep = representation(BIG, 'application/json')
    const tags = [rep.etag(null), rep.etag('br'), rep.etag('gzip')]
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/)
    expect(representation(BIG, 'application/json').etag('br')).toBe(rep.etag('br'))
  })

  it("picks the client's best coding, and none for a body too small to gain", () => {
    expect(Buffer.byteLength(BIG)).toBeGreaterThan(COMPRESS_MIN_BYTES)
    const rep = representation(BIG, 'application/json')
    expect(rep.codingFor('gzip, deflate, br')).toBe('br')
    expect(rep.codingFor('br;q=0, gzip')).toBe('gzip')
    expect(rep.codingFor(undefined)).toBeNull()
    expect(representation('{"ok":true}', 'application/json').codingFor('gzip, br')).toBeNull()
  })
})
