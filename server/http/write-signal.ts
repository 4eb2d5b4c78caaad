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

  app.addHook('onSend', async (req, reply, payload) => {
    if (
      listeners.size === 0 ||
      !isWrite(req) ||
      reply.statusCode >= 400 ||
      req.routeOptions.config.keepsCaches
    )
      return payload
    tell()
    ctx.db.execute(sql`select pg_notify(${TOPICS_CHANNEL}, ${WRITES_TOPIC})`).catch((error) => {
      ctx.log.warn({ err: error }, 'write signal: could not tell the other processes')
    })
    return payload
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
