import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { ReportReason, ReportStatus, ReportTarget } from '#common/schemas/reports.ts'
import { user } from './auth.ts'

/**
 * Someone flagged a post or a comment (later: threads and replies) for an admin to look at.
 * target_id is text so one table serves every kind of target; a report outlives its target
 * (the admin screen shows "removed").
 */
export const report = pgTable(
  'report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<ReportTarget>().notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Reporting the same thing twice is reporting it once.
    unique('report_reporter_target_unique').on(t.reporterId, t.targetType, t.targetId),
    index('report_status_created_idx').on(t.status, t.createdAt, t.id),
    index('report_target_idx').on(t.targetType, t.targetId),
  ],
)
