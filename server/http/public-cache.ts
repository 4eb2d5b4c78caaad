import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { carriesSessionCookie } from '#server/auth/guards.ts'
import type { AppContext } from '#server/context.ts'
import { etagOf, matchesTag } from './etag.ts'
import { type WriteSignal, writeEmptiedMap } from './write-signal.ts'

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
    /** The cache's stamp when this request started; its answer is kept only if no write came since. */
    publicCacheStamp?: number
  }
}

const MAX_ENTRIES = 1000

interface Entry {
  body: string
  contentType: string
  etag: string
}

export function registerPublicCache(app: FastifyInstance, ctx: AppContext, writes: WriteSignal) {
  const ttlMs = ctx.config.publicCacheSeconds * 1000
  if (ttlMs === 0) return
  const entries = writeEmptiedMap<Entry>(app, writes, { ttlMs, maxEntries: MAX_ENTRIES })

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
    req.publicCacheStamp = entries.stamp()
    const entry = entries.get(req.url)
    if (!entry) return
    headers(reply, entry)
    if (matchesTag(req.headers['if-none-match'], entry.etag)) return reply.code(304).send()
    return reply.type(entry.contentType).send(entry.body)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    // A fresh answer (not one this hook's onRequest sent from the cache: that one has its ETag).
    if (req.publicCacheStamp === undefined || reply.hasHeader('etag')) return payload
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
    const entry = {
      body: payload,
      contentType: String(reply.getHeader('content-type')),
      etag: etagOf(payload),
    }
    // Kept unless a write landed while this read ran (it may not be in it).
    entries.set(req.url, entry, req.publicCacheStamp)
    headers(reply, entry)
    if (matchesTag(req.headers['if-none-match'], entry.etag)) {
      reply.code(304)
      return ''
    }
    return payload
  })
}
