import { z } from 'zod'
import { ContactMessage } from './contact.ts'
import { MonthlyEarningsQuery } from './earnings.ts'
import { PageQuery, pageOf, text } from './fields.ts'
import { Order, OrderStatus } from './payments.ts'
import { Role } from './profile.ts'

export const AdminUserQuery = PageQuery.extend({ q: z.string().trim().max(100).optional() })
export type AdminUserQuery = z.infer<typeof AdminUserQuery>

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: Role,
  banned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the caller may change this account's role or suspend it (not their own). */
  canManage: z.boolean(),
})
export type AdminUser = z.infer<typeof AdminUser>
export const AdminUserPage = pageOf(AdminUser)

export const SetRoleInput = z.object({ role: Role })
export const SuspendInput = z.object({
  suspended: z.boolean(),
  reason: text().max(300, 'Keep the reason under 300 characters').optional(),
})
export type SuspendInput = z.infer<typeof SuspendInput>

export const ContactMessageQuery = PageQuery.extend({ handled: z.enum(['true', 'false']).optional() })
/** `GET /api/admin/contact-messages`: messages from the contact form, newest first. */
export const ContactMessagePage = pageOf(ContactMessage)
export const MarkHandledInput = z.object({ handled: z.boolean() })

/** `GET /api/admin/totals?months=1..36` (12 by default): the months of money the answer holds. */
export const PlatformTotalsQuery = MonthlyEarningsQuery
export type PlatformTotalsQuery = z.infer<typeof PlatformTotalsQuery>

/** One month of the platform's sales money, from the ledger (amounts in minor units). */
export const PlatformMonth = z.object({
  /** "2026-11", UTC. */
  month: z.string(),
  /** Sales and renewals paid that month. */
  sales: z.number().int(),
  /** What buyers paid, less refunds. */
  gross: z.number().int(),
  /** The platform's fees, less those refunded. */
  fees: z.number().int(),
  /** The writers' share, less refunds. */
  net: z.number().int(),
  /** What buyers got back (already taken out of gross, fees and net). */
  refunds: z.number().int(),
})
export type PlatformMonth = z.infer<typeof PlatformMonth>

/** `GET /api/admin/totals`: the platform at a glance, and its money by month (oldest first). */
export const PlatformTotals = z.object({
  /** Accounts, suspended ones included. */
  users: z.number().int(),
  admins: z.number().int(),
  suspended: z.number().int(),
  openMessages: z.number().int(),
  /** People with at least one published post, book or exam. */
  writers: z.number().int(),
  published: z.object({ posts: z.number().int(), books: z.number().int(), exams: z.number().int() }),
  openReports: z.number().int(),
  /** Payout requests waiting for an admin, and what they add up to. */
  openPayouts: z.object({ count: z.number().int(), amount: z.number().int() }),
  currency: z.string(),
  months: z.array(PlatformMonth),
})
export type PlatformTotals = z.infer<typeof PlatformTotals>

/** `GET /api/admin/waiting`: what waits for an admin's decision (the dashboard's and menu's count). */
export const AdminWaiting = z.object({
  /** Posts submitted for review. */
  posts: z.number().int(),
  /** Exams submitted for review. */
  exams: z.number().int(),
  /** Books submitted for review (0 from a server that predates books). */
  books: z.number().int().default(0),
  /** Reports nobody has resolved or dismissed yet. */
  reports: z.number().int(),
  /** Writers' payout requests nobody has paid or rejected yet (0 from a server that predates them). */
  payouts: z.number().int().default(0),
})
export type AdminWaiting = z.infer<typeof AdminWaiting>

/** `GET /api/admin/orders`: every order, newest first, by status and by buyer or order id. */
export const AdminOrdersQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
})
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>

export const AdminOrder = Order.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
})
export type AdminOrder = z.infer<typeof AdminOrder>
export const AdminOrderPage = pageOf(AdminOrder)
export type AdminOrderPage = z.infer<typeof AdminOrderPage>
