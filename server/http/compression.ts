import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply } from 'fastify'

// Answers go out compressed once they are big enough for it to pay: a feed page of
// 20 posts is ~15 KB of JSON and a fifth of that in brotli, while a 200-byte answer would grow.
// Brotli at quality 4 costs about what gzip does and is smaller; gzip for clients without it.
// The web build is compressed at build time (decision 014). An answer with an ETag was encoded by
// what tagged it (representation.ts: each coding has its own tag, and a kept answer keeps its
// compressed copies); this hook compresses the rest of the JSON the API writes. Streams never.

export const COMPRESS_MIN_BYTES = 1024

export type Coding = 'br' | 'gzip'

/** Whether Accept-Encoding lists `coding` (x-gzip counts as gzip) without q=0. */
export function accepts(header: string | undefined, coding: Coding): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const named = name === coding || (coding === 'gzip' && name === 'x-gzip')
    return named && !(q && Number(q.slice(2)) === 0)
  })
}

/** Browsers send one of a few Accept-Encoding values: each is read once. */
const codings = new Map<string, Coding | null>()
const CODINGS_KEPT = 100

/** The coding an answer goes out in for this Accept-Encoding: brotli, else gzip, else none. */
export function preferredCoding(header: string | undefined): Coding | null {
  if (header === undefined) return null
  let coding = codings.get(header)
  if (coding === undefined) {
    coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null
    if (codings.size < CODINGS_KEPT) codings.set(header, coding)
  }
  return coding
}

const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}

export const compress = (body: string, coding: Coding): Buffer =>
  coding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body)

/** Adds Accept-Encoding to the answer's Vary. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary')
  if (vary && /accept-encoding/i.test(String(vary))) return
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}

export function registerJsonCompression(app: FastifyInstance) {
  // A callback hook, as every onSend here: most answers pass untouched, without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding') || reply.hasHeader('etag'))
      return done(null, payload)
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return done(null, payload)
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload)
    varyOnEncoding(reply)
    const coding = preferredCoding(req.headers['accept-encoding'])
    if (!coding) return done(null, payload)
    reply.header('content-encoding', coding).removeHeader('content-length')
    done(null, compress(payload, coding))
  })
}
