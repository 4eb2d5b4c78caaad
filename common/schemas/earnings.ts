import { z } from 'zod'
import { PAYOUT_MINIMUM_MINOR } from '../constants.ts'
import { PageQuery, pageOf, text, Uuid, wholeNumber } from './fields.ts'

// Earnings and payouts (decision 022). Amounts are integer minor units with a currency.

/** A calendar month, UTC: "2026-11" (1970 to 2999: its end is still a four-digit year). */
const Month = z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM, e.g. 2026-11')

/** GET /api/me/earnings: what the writer has, where it stands, and their lifetime totals. */
export const EarningsSummary = z.object({
  currency: z.string(),
  /** Net of sales and renewals still inside the refund window. */
  pending: z.number().int(),
  /** What can be paid out now (never below zero). */
  available: z.number().int(),
  /** Requested and not yet paid or rejected. */
  payoutPending: z.number().int(),
  /** Paid out, ever. */
  paidOut: z.number().int(),
  /** Refunds taken back after their net was released, beyond what was available: netted first from what comes next. */
  owed: z.number().int(),
  /** Sales and renewals, less refunds, ever: what buyers paid, the platform's fees, the writer's net. */
  lifetime: z.object({ gross: z.number().int(), fees: z.number().int(), net: z.number().int() }),
  refundWindowDays: z.number().int(),
  payoutMinimum: z.number().int(),
})
export type EarningsSummary = z.infer<typeof EarningsSummary>

/** What a history line records: the transfer's kind, in the writer's words. */
export const EARNING_LINE_KINDS = [
  'sale',
  'renewal',
  'refund',
  'release',
  'reclaim',
  'payout',
  'payout_paid',
  'payout_rejected',
] as const
export const EarningLineKind = z.enum(EARNING_LINE_KINDS, 'Unknown kind')
export type EarningLineKind = z.infer<typeof EarningLineKind>

export const EarningsHistoryQuery = PageQuery.extend({
  month: Month.optional(),
  kind: EarningLineKind.optional(),
})
export type EarningsHistoryQuery = z.infer<typeof EarningsHistoryQuery>

/**
 * One ledger transfer as the writer sees it: what it was about (never who bought), the sale's
 * gross and fee (zero for movements of the writer's own money), and how it moved each of the
 * writer's balances. The columns sum to the balances.
 */
export const EarningLine = z.object({
  id: z.string(),
  kind: EarningLineKind,
  createdAt: z.iso.datetime(),
  /** "Book sale: “Title”", "Subscription renewal", "Payout requested", … */
  description: z.string(),
  /** What was sold: a book or a subscription, with its title (null for payouts). */
  item: z.object({ kind: z.enum(['subscription', 'book']), title: z.string() }).nullable(),
  payoutId: z.string().nullable(),
  currency: z.string(),
  gross: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  pending: z.number().int(),
  available: z.number().int(),
  payoutPending: z.number().int(),
  owed: z.number().int(),
})
export type EarningLine = z.infer<typeof EarningLine>
export const EarningsHistoryPage = pageOf(EarningLine)
export type EarningsHistoryPage = z.infer<typeof EarningsHistoryPage>

export const EarningsExportQuery = z.object({ month: Month.optional() })

export const EARNINGS_MONTHS_MAX = 36
export const MonthlyEarningsQuery = z.object({
  months: z.coerce
    .number('Choose how many months')
    .int('Choose a whole number of months')
    .min(1, 'At least 1 month')
    .max(EARNINGS_MONTHS_MAX, `At most ${EARNINGS_MONTHS_MAX} months`)
    .default(12),
})
/** The chart: each of the last n months (oldest first, empty months as zeros). */
export const MonthlyEarnings = z.object({
  currency: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      gross: z.number().int(),
      fees: z.number().int(),
      net: z.number().int(),
    }),
  ),
})
export type MonthlyEarnings = z.infer<typeof MonthlyEarnings>

export const PAYOUT_STATUSES = ['open', 'paid', 'rejected'] as const
export const PayoutStatus = z.enum(PAYOUT_STATUSES, 'Choose open, paid or rejected')
export type PayoutStatus = z.infer<typeof PayoutStatus>

export const PAYOUT_REFERENCE_MAX_LENGTH = 200
export const PAYOUT_REASON_MAX_LENGTH = 500

/** POST /api/me/payouts. */
export const RequestPayoutInput = z.strictObject({
  amount: wholeNumber('Enter an amount', 'Enter a whole number of cents').min(
    PAYOUT_MINIMUM_MINOR,
    `The smallest payout is ${(PAYOUT_MINIMUM_MINOR / 100).toFixed(2)}`,
  ),
})
export type RequestPayoutInput = z.infer<typeof RequestPayoutInput>

export const Payout = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: PayoutStatus,
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type Payout = z.infer<typeof Payout>
export const PayoutPage = pageOf(Payout)
export type PayoutPage = z.infer<typeof PayoutPage>

export const PayoutIdParams = z.object({ id: Uuid('Unknown payout') })
export const PayoutsQuery = PageQuery
export const AdminPayoutsQuery = PageQuery.extend({ status: PayoutStatus.optional() })
export type AdminPayoutsQuery = z.infer<typeof AdminPayoutsQuery>

export const AdminPayout = Payout.extend({
  writer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
})
export type AdminPayout = z.infer<typeof AdminPayout>
export const AdminPayoutPage = pageOf(AdminPayout)
export type AdminPayoutPage = z.infer<typeof AdminPayoutPage>

export const MarkPayoutPaidInput = z.strictObject({
  reference: text('Enter the transfer’s reference').max(
    PAYOUT_REFERENCE_MAX_LENGTH,
    `Keep the reference under ${PAYOUT_REFERENCE_MAX_LENGTH} characters`,
  ),
})
export const RejectPayoutInput = z.strictObject({
  reason: text('Say why it is rejected').max(
    PAYOUT_REASON_MAX_LENGTH,
    `Keep the reason under ${PAYOUT_REASON_MAX_LENGTH} characters`,
  ),
})
