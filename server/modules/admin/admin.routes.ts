import { z } from 'zod'
import {
  AdminUser,
  AdminUserQuery,
  AdminWaiting,
  ContactMessageQuery,
  MarkHandledInput,
  PlatformTotals,
  PlatformTotalsQuery,
  SetRoleInput,
  SuspendInput,
} from '#common/schemas/admin.ts'
import { ContactMessage } from '#common/schemas/contact.ts'
import { PageQuery, pageOf, Uuid } from '#common/schemas/fields.ts'
import { BroadcastInput } from '#common/schemas/notifications.ts'
import { Post, PostIdParams, RejectInput, ReviewItem } from '#common/schemas/posts.ts'
import { actor } from '#server/auth/guards.ts'
import { approve, listReviewQueue, reject } from '#server/core/moderation/moderation.ts'
import type { App } from '#server/http/app-type.ts'
import { listContactMessages, markContactMessage } from '#server/modules/contact/index.ts'
import { broadcast } from '#server/modules/notifications/index.ts'
import { postReview } from '#server/modules/posts/index.ts'
import { listUsers, setRole, setSuspension, waitingForAdmins } from './admin.service.ts'
import { platformTotals } from './totals.service.ts'

const UserParams = z.object({ id: Uuid('Unknown person') })
const MessageParams = z.object({ id: Uuid('Unknown message') })
const BroadcastResult = z.object({ sent: z.number().int() })

/** The admin's own screens' routes: users, broadcasts, contact messages, posts' review (the admin scope). */
export function adminRoutes(app: App) {
  app.get(
    '/api/admin/totals',
    {
      schema: {
        operationId: 'getPlatformTotals',
        summary: "Read the platform's totals",
        querystring: PlatformTotalsQuery,
        response: { 200: PlatformTotals },
      },
    },
    async (req) => platformTotals(app.ctx, req.query.months),
  )

  app.get(
    '/api/admin/waiting',
    {
      schema: {
        operationId: 'getAdminWaiting',
        summary: 'Count what waits for an administrator',
        response: { 200: AdminWaiting },
      },
    },
    async () => waitingForAdmins(app.ctx),
  )

  app.get(
    '/api/admin/users',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List people',
        querystring: AdminUserQuery,
        response: { 200: pageOf(AdminUser) },
      },
    },
    async (req) => listUsers(app.ctx, actor(req), req.query),
  )

  app.put(
    '/api/admin/users/:id/role',
    {
      schema: {
        operationId: 'setUserRole',
        summary: "Set a person's role",
        params: UserParams,
        body: SetRoleInput,
        response: { 200: AdminUser },
      },
    },
    async (req) => setRole(app.ctx, actor(req), req.params.id, req.body.role),
  )

  app.put(
    '/api/admin/users/:id/suspension',
    {
      schema: {
        operationId: 'setUserSuspension',
        summary: 'Suspend a person, or lift the suspension',
        params: UserParams,
        body: SuspendInput,
        response: { 200: AdminUser },
      },
    },
    async (req) => setSuspension(app.ctx, actor(req), req.params.id, req.body),
  )

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        operationId: 'listContactMessages',
        summary: 'List messages sent through the contact page',
        querystring: ContactMessageQuery,
        response: { 200: pageOf(ContactMessage) },
      },
    },
    async (req) => listContactMessages(app.ctx, req.query),
  )

  app.put(
    '/api/admin/contact-messages/:id/handled',
    {
      schema: {
        operationId: 'setContactMessageHandled',
        summary: 'Mark a contact message handled or not',
        params: MessageParams,
        body: MarkHandledInput,
        response: { 200: ContactMessage },
      },
    },
    async (req) => markContactMessage(app.ctx, req.params.id, req.body.handled),
  )

  app.post(
    '/api/admin/notifications',
    // 404: the one person it is sent `to` does not exist.
    {
      schema: {
        operationId: 'broadcastNotification',
        summary: 'Send a notification to everyone or to one person',
        body: BroadcastInput,
        response: { 200: BroadcastResult },
      },
      config: { errors: [404] },
    },
    async (req) => broadcast(app.ctx, req.body),
  )

  app.get(
    '/api/admin/review',
    {
      schema: {
        operationId: 'listPostReviewQueue',
        summary: 'List the posts waiting for review',
        querystring: PageQuery,
        response: { 200: pageOf(ReviewItem) },
      },
    },
    async (req) => listReviewQueue(app.ctx, postReview, req.query),
  )

  app.post(
    '/api/admin/posts/:id/approve',
    {
      schema: {
        operationId: 'approvePost',
        summary: 'Approve and publish a post',
        params: PostIdParams,
        response: { 200: Post },
      },
      config: { errors: [409] },
    },
    async (req) => approve(app.ctx, postReview, req.params.id),
  )

  app.post(
    '/api/admin/posts/:id/reject',
    {
      schema: {
        operationId: 'rejectPost',
        summary: 'Send a post back to its author',
        params: PostIdParams,
        body: RejectInput,
        response: { 200: Post },
      },
      config: { errors: [409] },
    },
    async (req) => reject(app.ctx, postReview, req.params.id, req.body.reason),
  )
}
