import type { FastifyInstance, FastifyRequest } from 'fastify'
import { carriesSessionCookie } from '#server/auth/guards.ts'
import type { AppContext } from '#server/context.ts'
import { negotiate, type Representation, representation, sendRepresentation } from './representation.ts'
import { type WriteSignal, writeEmptiedMap } from './write-signal.ts'

// Anonymous reads from a short shared cache (decision 028). The public reads a route
// marks with `config: { publicCache: true }` answer every signed-out reader the same, so each
// process keeps their answers for PUBLIC_CACHE_SECONDS, with an ETag per coding (304 on a match),
// their compressed copies (made once) and a Cache-Control a CDN can honour. Any successful write through the API empties every process's
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

export function registerPublicCache(app: FastifyInstance, ctx: AppContext, writes: WriteSignal) {
  const ttlMs = ctx.config.publicCacheSeconds * 1000
  if (ttlMs === 0) return
  const entries = writeEmptiedMap<Representation>(app, writes, { ttlMs, maxEntries: MAX_ENTRIES })
  const freshness = {
    cacheControl: `public, max-age=0, s-maxage=${ctx.config.publicCacheSeconds}`,
    vary: 'Cookie',
  }

  const cacheable = (req: FastifyRequest) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.routeOptions.config.publicCache === true &&
    !carriesSessionCookie(req)

  // A callback hook: a hit is answered without the promise an async hook would add, and without
  // Fastify waiting on the returned reply's end (a few percent of a hit's cost).
  app.addHook('onRequest', (req, reply, done) => {
    if (!cacheable(req)) return done()
    req.publicCacheStamp = entries.stamp()
    const entry = entries.get(req.url)
    if (!entry) return done()
    sendRepresentation(req, reply, entry, freshness)
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    // A fresh answer (not one this hook's onRequest sent from the cache: that one has its ETag).
    if (req.publicCacheStamp === undefined || reply.hasHeader('etag')) return done(null, payload)
    if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload)
    const entry = representation(payload, String(reply.getHeader('content-type')))
    // Kept unless a write landed while this read ran (it may not be in it).
    entries.set(req.url, entry, req.publicCacheStamp)
    done(null, negotiate(req, reply, entry, freshness) ?? '')
  })
}
