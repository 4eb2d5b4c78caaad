import type { FastifyInstance } from 'fastify'
import type { AppContext, SessionUser } from '#server/context.ts'
import type { WriteSignal } from '#server/http/write-signal.ts'

// Who a session token belongs to, kept for SESSION_CACHE_SECONDS (decision 027). A signed-in
// request then costs no query of its own while its session is known. Every successful write
// through the API empties the cache in every process (write-signal.ts): signing out, suspending
// someone, changing a password and deleting an account are all writes, so each takes effect in
// this process before its answer leaves and in the others as the NOTIFY arrives. A change made
// behind the API's back (a hand-made UPDATE, the admin script) takes effect within the TTL.

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when SESSION_CACHE_SECONDS is 0. */
    sessionCache: SessionCache | null
  }
}

interface Entry {
  /** null: the token names no live session of a person allowed in. */
  user: SessionUser | null
  until: number
}

const MAX_ENTRIES = 10_000

export interface SessionCache {
  /** The cached answer for `token` (a person, or null for nobody), or undefined when not known. */
  get(token: string): SessionUser | null | undefined
  /** Where the cache is now: an answer read since then is kept only if no write came between. */
  generation(): number
  /** Keeps what `token` was read as, until the TTL or the session's own expiry, whichever comes first. */
  set(token: string, user: SessionUser | null, expiresAt: Date | null, readAt: number): void
}

export function registerSessionCache(app: FastifyInstance, ctx: AppContext, writes: WriteSignal) {
  const ttlMs = ctx.config.sessionCacheSeconds * 1000
  if (ttlMs === 0) {
    app.decorate('sessionCache', null)
    return
  }
  const entries = new Map<string, Entry>()
  let generation = 0
  const unsubscribe = writes.onWrite(() => {
    generation++
    entries.clear()
  })
  app.addHook('onClose', async () => unsubscribe())

  const cache: SessionCache = {
    get(token) {
      const entry = entries.get(token)
      if (!entry) return undefined
      if (Date.now() < entry.until) return entry.user
      entries.delete(token)
      return undefined
    },
    generation: () => generation,
    set(token, user, expiresAt, readAt) {
      // A sign-out or a suspension that landed while this read ran may not be in it.
      if (readAt !== generation) return
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      const until = Math.min(Date.now() + ttlMs, expiresAt?.getTime() ?? Number.POSITIVE_INFINITY)
      entries.set(token, { user, until })
    },
  }
  app.decorate('sessionCache', cache)
}
