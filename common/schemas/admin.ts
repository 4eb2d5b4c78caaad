import { z } from 'zod'
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
})
export type AdminUser = z.infer<typeof AdminUser>

export const SetRoleInput = z.object({ role: Role })
export const SuspendInput = z.object({
  suspended: z.boolean(),
  reason: text().max(300, 'Keep the reason under 300 characters').optional(),
})
export type SuspendInput = z.infer<typeof SuspendInput>

export const ContactMessageQuery = PageQuery.extend({ handled: z.enum(['true', 'false']).optional() })
export const MarkHandledInput = z.object({ handled: z.boolean() })

export const PlatformTotals = z.object({
  users: z.number(),
  admins: z.number(),
  suspended: z.number(),
  openMessages: z.number(),
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
