import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { tooManyAttempts } from '#common/retry-after.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/errors.ts'

/** Counts one request under `id` in its window: the count so far and the milliseconds left. */
async function countRequest(db: Db, id: string, timeWindow: number) {
  const result = await db.execute<{ count: number; ttl: number }>(sql`
    insert into request_counter (key, count, reset_at)
    values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when request_counter.reset_at <= now() then 1 else request_counter.count + 1 end,
      reset_at = case when request_counter.reset_at <= now() then excluded.reset_at else request_counter.reset_at end
    returning count, greatest(0, floor(extract(epoch from (reset_at - now())) * 1000))::int as ttl`)
  const row = result.rows[0]
  return { current: Number(row.count), ttl: Number(row.ttl) }
}

/**
 * A per-address limit for a route whose own `config.rateLimit` counts per person: the plugin runs
 * one limiter per request, so this preHandler counts the client address itself, in the same table,
 * and answers 429 with Retry-After as the plugin does.
 */
export function perAddressLimit(db: Db, name: string, limit: { max: number; windowSeconds: number }) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { current, ttl } = await countRequest(db, `${name}:ip:${req.ip}`, limit.windowSeconds * 1000)
    if (current <= limit.max) return
    const seconds = Math.max(1, Math.ceil(ttl / 1000))
    reply.header('retry-after', seconds)
    throw new AppError('rate_limited', tooManyAttempts(seconds))
  }
}

/**
 * @fastify/rate-limit store that keeps counters in PostgreSQL (request_counter), so a limit holds
 * across every server process. One atomic upsert per counted request.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countRequest(db, `${this.prefix}${key}`, timeWindow)
        .then((result) => callback(null, result))
        .catch((error: Error) => callback(error))
    }

    child(routeOptions: { routeInfo?: { method: string; url: string }; method?: unknown; url?: string }) {
      const route = routeOptions.routeInfo ?? {
        method: String(routeOptions.method),
        url: String(routeOptions.url),
      }
      return new DatabaseStore(undefined, `${route.method}${route.url}:`)
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor
}
