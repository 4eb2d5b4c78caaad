import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '#server/context.ts'
import { TOPICS_CHANNEL } from '#server/realtime/hub.ts'

// Every successful write through the API, told to what keeps copies of what a write may change:
// the shared cache of public reads (decision 028) and the session cache (decision 027). Listeners
// in this process hear it at once, before the write's answer leaves, so its writer never reads the
// old state again; every other process hears it by a NOTIFY on the realtime hub's topic channel.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that changes nothing a cache keeps, soon enough to matter (a view beacon). */
    keepsCaches?: boolean
  }
}

/** The topic every process listens on. */
export const WRITES_TOPIC = 'writes'

export type WriteListener = () => void

export interface WriteSignal {
  /** Calls `listener` after every write, here or in another process. Returns its removal. */
  onWrite(listener: WriteListener): () => void
}

/**
 * A write: any method but GET, HEAD and OPTIONS, and Better Auth's links opened with a GET (an
 * e-mail's verification, sign-in or account-deletion link), all but its session read.
 */
const isWrite = (req: FastifyRequest) =>
  (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') ||
  (req.url.startsWith('/api/auth/') && !req.url.startsWith('/api/auth/get-session'))

export function registerWriteSignal(app: FastifyInstance, ctx: AppContext): WriteSignal {
  const listeners = new Set<WriteListener>()
  const tell = () => {
    for (const listener of listeners) listener()
  }
  // Only while a cache listens here does this process listen to the hub and tell it of its writes
  // (both caches are off in most server tests). Processes of one deployment share their settings.
  let unsubscribe: (() => void) | null = null
  app.addHook('onClose', async () => unsubscribe?.())

  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      listeners.size > 0 &&
      isWrite(req) &&
      reply.statusCode < 400 &&
      !req.routeOptions.config.keepsCaches
    ) {
      tell()
      ctx.db.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${WRITES_TOPIC})`).catch((error) => {
        ctx.log.warn({ err: error }, 'write signal: could not tell the other processes')
      })
    }
    done(null, payload)
  })

  return {
    onWrite(listener) {
      listeners.add(listener)
      unsubscribe ??= ctx.hub.subscribeTopic(WRITES_TOPIC, tell)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        unsubscribe?.()
        unsubscribe = null
      }
    },
  }
}

/**
 * A per-process map of answers that last `ttlMs` (or until their own `until`) and that every write
 * empties: the one mechanism behind the shared cache of public reads and the session cache.
 * Take a `stamp()` before reading the database and pass it to `set`: an answer read while a write
 * landed may not include it, so it is not kept.
 */
export interface WriteEmptiedMap<V> {
  stamp(): number
  /** The value kept for `key`, or undefined (never kept, expired, or emptied by a write). */
  get(key: string): V | undefined
  set(key: string, value: V, stamp: number, until?: number): void
}

export function writeEmptiedMap<V>(
  app: FastifyInstance,
  writes: WriteSignal,
  { ttlMs, maxEntries }: { ttlMs: number; maxEntries: number },
): WriteEmptiedMap<V> {
  const entries = new Map<string, { value: V; until: number }>()
  let generation = 0
  const unsubscribe = writes.onWrite(() => {
    generation++
    entries.clear()
  })
  app.addHook('onClose', async () => unsubscribe())
  return {
    stamp: () => generation,
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (Date.now() < entry.until) return entry.value
      entries.delete(key)
      return undefined
    },
    set(key, value, stamp, until = Number.POSITIVE_INFINITY) {
      if (stamp !== generation) return
      // Oldest out first.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      entries.set(key, { value, until: Math.min(Date.now() + ttlMs, until) })
    },
  }
}
