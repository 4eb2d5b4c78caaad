import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'

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
      const id = `${this.prefix}${key}`
      db.execute<{ count: number; ttl: number }>(sql`
        insert into request_counter (key, count, reset_at)
        values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when request_counter.reset_at <= now() then 1 else request_counter.count + 1 end,
          reset_at = case when request_counter.reset_at <= now() then excluded.reset_at else request_counter.reset_at end
        returning count, greatest(0, floor(extract(epoch from (reset_at - now())) * 1000))::int as ttl`)
        .then((result) => {
          const row = result.rows[0]
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) })
        })
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
