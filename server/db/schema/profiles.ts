import { sql } from 'drizzle-orm'
import { check, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { ReaderSettings } from '#common/schemas/reader-settings.ts'
import { user } from './auth.ts'

// What Inkwell keeps about a person beyond Better Auth's user row. Created with the user.
export const profile = pgTable(
  'profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    intent: text('intent', { enum: ['read', 'write', 'both'] }),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** A writer's monthly subscription price in minor units: 0 is a free follow, else 1.00–100.00. */
    monthlyPrice: integer('monthly_price').notNull().default(0),
    /** The book reader's text size, theme and line width; null until first changed. */
    readerSettings: jsonb('reader_settings').$type<ReaderSettings>(),
    /** Practice: the chance of recalling a card when it comes due that FSRS schedules for (decision 049). */
    practiceRetention: doublePrecision('practice_retention').notNull().default(0.9),
  },
  (t) => [
    check(
      'profile_monthly_price_check',
      sql`${t.monthlyPrice} = 0 or ${t.monthlyPrice} between 100 and 10000`,
    ),
    check('profile_practice_retention_check', sql`${t.practiceRetention} between 0.7 and 0.97`),
  ],
)
