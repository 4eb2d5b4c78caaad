import { z } from 'zod'
import {
  NotificationIdParams,
  NotificationPage,
  NotificationQuery,
  StreamCleared,
  StreamRead,
} from '#common/schemas/notifications.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import { AppError } from '#server/errors.ts'
import type { App } from '#server/http/app-type.ts'
import { clearAll, listNotifications, markAllRead, markRead } from './notifications.service.ts'
import { openNotificationStream } from './notifications.stream.ts'

const EventId = z.string().regex(/^\d{1,15}$/, 'Invalid event id')
/** EventSource sends Last-Event-ID as a header; the query parameter is for clients that cannot. */
const StreamQuery = z.object({ lastEventId: EventId.optional() })

export function notificationRoutes(app: App) {
  const guarded = { onRequest: requireUser }

  app.get(
    '/api/notifications',
    {
      ...guarded,
      schema: {
        operationId: 'listNotifications',
        summary: 'List my notifications',
        querystring: NotificationQuery,
        response: { 200: NotificationPage },
      },
    },
    async (req) => listNotifications(app.ctx, actor(req), req.query),
  )

  app.post(
    '/api/notifications/:id/read',
    {
      ...guarded,
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark a notification as read',
        params: NotificationIdParams,
        response: { 200: StreamRead },
      },
    },
    async (req) => markRead(app.ctx, actor(req), req.params.id),
  )

  app.post(
    '/api/notifications/read-all',
    {
      ...guarded,
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Mark all my notifications as read',
        response: { 200: StreamRead },
      },
    },
    async (req) => markAllRead(app.ctx, actor(req)),
  )

  app.delete(
    '/api/notifications',
    {
      ...guarded,
      schema: {
        operationId: 'clearNotifications',
        summary: 'Clear all my notifications',
        response: { 200: StreamCleared },
      },
    },
    async (req) => clearAll(app.ctx, actor(req)),
  )

  app.get(
    '/api/notifications/stream',
    {
      ...guarded,
      schema: {
        operationId: 'streamNotifications',
        summary: 'Stream my notifications as they arrive',
        querystring: StreamQuery,
      },
    },
    async (req, reply) => {
      const header = req.headers['last-event-id']
      const raw = (Array.isArray(header) ? header[0] : header) || req.query.lastEventId
      if (raw !== undefined && !EventId.safeParse(raw).success) {
        throw new AppError('bad_request', 'Invalid Last-Event-ID', { lastEventId: 'Invalid event id' })
      }
      await openNotificationStream(app.ctx, actor(req), raw === undefined ? undefined : Number(raw), reply)
    },
  )
}
