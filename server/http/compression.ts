import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'

// API answers go out compressed once they are big enough for it to pay (issue 17): a feed page of
// 20 posts is ~15 KB of JSON and a fifth of that in brotli, while a 200-byte answer would grow.
// Brotli at quality 4 costs about what gzip does and is smaller; gzip for clients without it.
// The web build is compressed at build time (decision 014) and generated documents by
// feeds/conditional.ts, so only JSON the API writes passes through here; streams never do.

export const COMPRESS_JSON_MIN_BYTES = 1024

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

const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}

export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    if (Buffer.byteLength(payload) < COMPRESS_JSON_MIN_BYTES) return payload
    const vary = reply.getHeader('vary')
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    const header = req.headers['accept-encoding']
    const coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null
    if (!coding) return payload
    reply.header('content-encoding', coding).removeHeader('content-length')
    return coding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload)
  })
}
