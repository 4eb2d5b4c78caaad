import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PayoutStatus } from '#common/schemas/earnings.ts'
import { user } from './auth.ts'

// Payouts (decision 022). The money moves by ledger transfers; this row is the request
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

const money = (name: string) => bigint(name, { mode: 'number' }).notNull()

/**
 * A writer's sales money by month (decision 035): what the earnings summary's lifetime totals, the
 * earnings chart and the platform's chart sum, so they read a row per writer and month however
 * long the ledger grows. The database keeps it: a deferred trigger on each sale, renewal and refund
 * transfer adds that transfer's sums at commit (migration 0023). Like the ledger's lines, a month
 * is the UTC month of its entries' time; a refund counts in the month it happened.
 */
export const earningMonth = pgTable(
  'earning_month',
  {
    /** The writer's pending account ('writer:<id>:pending'): every earning transfer has one. */
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** Sales and renewals (refunds are not subtracted). */
    sales: integer('sales').notNull(),
    /** What buyers paid, less what refunds gave back. */
    gross: money('gross'),
    fees: money('fees'),
    net: money('net'),
    /** What refunds gave back (already taken out of gross, fees and net). */
    refunds: money('refunds'),
  },
  (t) => [
    primaryKey({ name: 'earning_month_pk', columns: [t.account, t.currency, t.month] }),
    // The platform's chart sums every writer's rows of its months.
    index('earning_month_month_idx').on(t.currency, t.month),
  ],
)
