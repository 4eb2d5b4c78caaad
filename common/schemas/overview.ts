import { z } from 'zod'
import { MailedNewsletter } from './newsletters.ts'

// A writer's overview (decision 024): readership and sales over a period, read from the
// daily rollups that housekeeping keeps, so the page costs the same at a million events as at a
// thousand. Days are UTC calendar days ("2026-11-24"); money is integer minor units.

export const OVERVIEW_RANGES = [7, 30, 90, 365] as const
export type OverviewRange = (typeof OVERVIEW_RANGES)[number]

/** GET /api/me/overview?days=7|30|90|365 (default 30). */
export const OverviewQuery = z.object({
  days: z.coerce
    .number('Choose 7, 30, 90 or 365 days')
    .refine((n) => (OVERVIEW_RANGES as readonly number[]).includes(n), 'Choose 7, 30, 90 or 365 days')
    .default(30),
})
export type OverviewQuery = z.infer<typeof OverviewQuery>

/** What happened on a day, or over a period: each figure a count, revenue in minor units. */
export const OverviewFigures = z.object({
  /** Post views (one per reader per post per day). */
  views: z.number().int(),
  likes: z.number().int(),
  /** Comments by others on the writer's posts. */
  comments: z.number().int(),
  /** New free subscribers. */
  freeSubscribers: z.number().int(),
  /** New paid subscribers (first payments; renewals are not new subscribers). */
  paidSubscribers: z.number().int(),
  /** Paid book sales and what buyers paid for them (gross, before fees and refunds). */
  bookSales: z.number().int(),
  bookRevenue: z.number().int(),
  /** Submitted exam attempts on the writer's exams, and how many passed. */
  examAttempts: z.number().int(),
  examPasses: z.number().int(),
})
export type OverviewFigures = z.infer<typeof OverviewFigures>
export type OverviewMetric = keyof OverviewFigures

export const OverviewDay = OverviewFigures.extend({ day: z.iso.date() })
export type OverviewDay = z.infer<typeof OverviewDay>

export const TopPost = z.object({
  id: z.string(),
  title: z.string(),
  /** Where readers read it (postPath). */
  path: z.string(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
})
export const TopBook = z.object({
  id: z.string(),
  title: z.string(),
  sales: z.number().int(),
  revenue: z.number().int(),
})
export const TopExam = z.object({
  id: z.string(),
  title: z.string(),
  attempts: z.number().int(),
  passes: z.number().int(),
})
export type TopPost = z.infer<typeof TopPost>
export type TopBook = z.infer<typeof TopBook>
export type TopExam = z.infer<typeof TopExam>

export const OVERVIEW_TOP_LIMIT = 5

export const Overview = z.object({
  days: z.number().int(),
  /** The first and last day of the period, inclusive (the last is today, UTC). */
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** The period's sums, and the same for the period just before it (for "vs previous 30 days"). */
  totals: OverviewFigures,
  previous: OverviewFigures,
  /** Every day of the period, oldest first, days with nothing as zeros. */
  series: z.array(OverviewDay),
  /** The period's best: posts by views, books by sales, exams by attempts (at most 5 each). */
  top: z.object({ posts: z.array(TopPost), books: z.array(TopBook), exams: z.array(TopExam) }),
  /** The posts first e-mailed to subscribers in the period, newest first (at most 5), with their figures. */
  newsletters: z.array(MailedNewsletter),
  /** When the rollups were last brought up to date (null before the first run). */
  updatedAt: z.iso.datetime().nullable(),
})
export type Overview = z.infer<typeof Overview>
