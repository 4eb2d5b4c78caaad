import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    handled: boolean('handled').notNull().default(false),
    // Milliseconds, like the JavaScript Date a page cursor carries (see db/cursor.ts).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending on purpose: scanned backwards it serves ORDER BY created_at DESC, id DESC (NULLS FIRST).
    index('contact_message_created_idx').on(t.createdAt, t.id),
  ],
)
