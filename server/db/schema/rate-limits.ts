import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Counters for @fastify/rate-limit, in the database so limits hold across server processes.
export const requestCounter = pgTable('request_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
