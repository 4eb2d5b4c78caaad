import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { PayoutStatus } from '#common/schemas/earnings.ts'
import { user } from './auth.ts'

// Payouts (issue 15, decision 022). The money moves by ledger transfers; this row is the request
// and its decision. Times are timestamp(3), like every keyset-paged column (db/cursor.ts).

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** A writer's request to be paid part of their available balance, and what an admin decided. */
export const payout = pgTable(
  'payout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<PayoutStatus>().notNull().default('open'),
    /** Paid: the bank or provider's reference for the transfer. */
    reference: text('reference'),
    /** Rejected: why, shown to the writer. */
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: ms('decided_at'),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One open request per writer at a time.
    uniqueIndex('payout_writer_open_idx').on(t.writerId).where(sql`${t.status} = 'open'`),
    index('payout_writer_created_idx').on(t.writerId, t.createdAt, t.id),
    index('payout_status_created_idx').on(t.status, t.createdAt, t.id),
    check('payout_amount_check', sql`${t.amount} > 0`),
    check('payout_status_check', sql`${t.status} in ('open', 'paid', 'rejected')`),
  ],
)
