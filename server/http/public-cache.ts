import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { carriesSessionCookie } from '#server/auth/guards.ts'
import type { AppContext } from '#server/context.ts'
import type { WriteSignal } from './write-signal.ts'

// Anonymous reads from a short shared cache (issue 17, decision 028). The public reads a route
// marks with `config: { publicCache: true }` answer every signed-out reader the same, so each
// process keeps their answers for PUBLIC_CACHE_SECONDS, with an ETag (304 on a match) and a
// Cache-Control a CDN can honour. Any successful write through the API empties every process's
// cache: this one at once, before the write's answer leaves, the others a moment later
// (write-signal.ts).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read whose signed-out answer may come from the shared cache. */
    publicCache?: boolean
  }
  interface FastifyRequest {
    /** The cache's generation when this request started; its answer is kept only if unchanged. */
    publicCacheGeneration?: number
  }
}

const MAX_ENTRIES = 1000

interface Entry {
  body: string
  contentType: string
  etag: string
  storedAt: number
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`

/** Whether If-None-Match names `etag` (weak or strong) or `*`. */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '')
    return t === '*' || t === etag
  })

export function registerPublicCache(app: FastifyInstance, ctx: AppContext, writes: WriteSignal) {
  const ttlMs = ctx.config.publicCacheSeconds * 1000
  if (ttlMs === 0) return
  const entries = new Map<string, Entry>()
  let generation = 0
  const empty = () => {
    generation++
    entries.clear()
  }
  const unsubscribe = writes.onWrite(empty)
  app.addHook('onClose', async () => unsubscribe())

  const cacheable = (req: FastifyRequest) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.routeOptions.config.publicCache === true &&
    !carriesSessionCookie(req)

  const headers = (reply: FastifyReply, entry: Pick<Entry, 'etag'>) =>
    reply
      .header('etag', entry.etag)
      .header('cache-control', `public, max-age=0, s-maxage=${ctx.config.publicCacheSeconds}`)
      .header('vary', 'Cookie')

  app.addHook('onRequest', async (req, reply) => {
    if (!cacheable(req)) return
    req.publicCacheGeneration = generation
    const entry = entries.get(req.url)
    if (!entry) return
    if (Date.now() - entry.storedAt > ttlMs) {
      entries.delete(req.url)
      return
    }
    headers(reply, entry)
    if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send()
    return reply.type(entry.contentType).send(entry.body)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    // A fresh answer (not one this hook's onRequest sent from the cache: that one has its ETag).
    if (req.publicCacheGeneration === undefined || reply.hasHeader('etag')) return payload
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const entry = {
      body: payload,
      contentType: String(reply.getHeader('content-type')),
      etag: etagOf(payload),
    }
    // A write that landed while this read ran may not be in it: such an answer is not kept.
    if (req.publicCacheGeneration === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      entries.set(req.url, { ...entry, storedAt: Date.now() })
    }
    headers(reply, entry)
    if (matches(req.headers['if-none-match'], entry.etag)) {
      reply.code(304)
      return ''
    }
    return payload
  })
}
