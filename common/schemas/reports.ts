import { z } from 'zod'
import { REPORT_TARGETS } from '../constants.ts'
import { PageQuery, pageOf, text, Uuid } from './fields.ts'
import { PostAuthor } from './posts.ts'

// Reports: anyone signed in flags a post, a comment, a forum thread, a forum reply or a reader's
// review of a book; admins work through them in the admin screen.

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'copyright', 'other'] as const
export const REPORT_STATUSES = ['open', 'removed', 'dismissed'] as const
export const REPORT_DETAILS_MAX_LENGTH = 1000

export const ReportTarget = z.enum(REPORT_TARGETS, { error: 'Choose what you are reporting' })
export type ReportTarget = z.infer<typeof ReportTarget>

export const ReportReason = z.enum(REPORT_REASONS, { error: 'Choose a reason' })
export type ReportReason = z.infer<typeof ReportReason>
export const ReportStatus = z.enum(REPORT_STATUSES, { error: 'Choose a status' })
export type ReportStatus = z.infer<typeof ReportStatus>

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate or explicit',
  copyright: 'Copies someone else’s work',
  other: 'Something else',
}

export const ReportInput = z
  .object({
    targetType: ReportTarget,
    targetId: Uuid('That item does not exist'),
    reason: ReportReason,
    details: text()
      .max(REPORT_DETAILS_MAX_LENGTH, `Keep the details under ${REPORT_DETAILS_MAX_LENGTH} characters`)
      .default(''),
  })
  .refine((v) => v.reason !== 'other' || v.details.length > 0, {
    path: ['details'],
    message: 'Tell us what is wrong',
    when: (payload) => (payload.value as { reason?: unknown })?.reason === 'other',
  })
export type ReportInput = z.infer<typeof ReportInput>

/** What a reporter gets back; reporting the same thing again returns the same report. */
export const ReportReceipt = z.object({ id: z.string(), status: ReportStatus })
export type ReportReceipt = z.infer<typeof ReportReceipt>

/** A report in the admin queue, with enough of its target to judge it (null once removed). */
export const ReportItem = z.object({
  id: z.string(),
  targetType: ReportTarget,
  targetId: z.string(),
  reason: ReportReason,
  details: z.string(),
  status: ReportStatus,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: PostAuthor,
  target: z
    .object({
      /** The post's title, or the comment's post title. */
      title: z.string(),
      /** The comment's text, or the post's excerpt. */
      text: z.string(),
      author: PostAuthor,
      /** Where to read it (for a comment, its post). */
      link: z.string(),
    })
    .nullable(),
})
export type ReportItem = z.infer<typeof ReportItem>
export const ReportPage = pageOf(ReportItem)

export const ReportsQuery = PageQuery.extend({ status: ReportStatus.default('open') })
export type ReportsQuery = z.infer<typeof ReportsQuery>

export const ReportIdParams = z.object({ id: Uuid('Unknown report') })

/** remove: delete the reported item (closing every open report on it); dismiss: nothing wrong. */
export const ResolveReportInput = z.object({
  action: z.enum(['remove', 'dismiss'], { error: 'Choose remove or dismiss' }),
})
export type ResolveReportInput = z.infer<typeof ResolveReportInput>
