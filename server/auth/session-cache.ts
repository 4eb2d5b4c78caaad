import type { FastifyInstance } from 'fastify'
import type { AppContext } from '#server/context.ts'
import { type WriteEmptiedMap, type WriteSignal, writeEmptiedMap } from '#server/http/write-signal.ts'
import type { SessionRead } from './guards.ts'

// Who a session token belongs to, kept for SESSION_CACHE_SECONDS (decision 027). A signed-in
// request then costs no query of its own while its session is known. Every successful write
// through the API empties the cache in every process (write-signal.ts): signing out, suspending
// someone, changing a password and deleting an account are all writes, so each takes effect in
// this process before its answer leaves and in the others as the NOTIFY arrives. A change made
// behind the API's back (a hand-made UPDATE, the admin script) takes effect within the TTL.
// An entry never outlives its session's own expiry.

declare module 'fastify' {
  interface FastifyInstance {
    /** Token → the session and its person (null: nobody allowed in); null when SESSION_CACHE_SECONDS is 0. */
    sessionCache: WriteEmptiedMap<SessionRead | null> | null
  }
}

const MAX_ENTRIES = 10_000

export function registerSessionCache(app: FastifyInstance, ctx: AppContext, writes: WriteSignal) {
  const ttlMs = ctx.config.sessionCacheSeconds * 1000
  app.decorate(
    'sessionCache',
    ttlMs === 0 ? null : writeEmptiedMap<SessionRead | null>(app, writes, { ttlMs, maxEntries: MAX_ENTRIES }),
  )
}
