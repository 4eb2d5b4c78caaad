import type { FastifyReply } from 'fastify'
import type { AppContext, SessionUser } from '#server/context.ts'
import { type StreamEvent, streamEvent } from '#server/realtime/hub.ts'
import { openEventStream } from '#server/realtime/sse.ts'
import { canReplayFrom, eventsAfter, streamSnapshot } from './notifications.service.ts'

/**
 * GET /api/notifications/stream. Without a Last-Event-ID: a `snapshot`, then live events. With
 * one: every event after it, in order, then live events (or a fresh snapshot when events after it
 * have been pruned). The listener is added before anything is
 * read and buffers until the snapshot or replay is sent, so an event committed in between is sent
 * once: neither lost nor repeated.
 */
export async function openNotificationStream(
  ctx: AppContext,
  actor: SessionUser,
  lastEventId: number | undefined,
  reply: FastifyReply,
): Promise<void> {
  let buffer: StreamEvent[] | null = []
  let sentUpTo = lastEventId ?? 0
  const deliver = (event: StreamEvent) => {
    if (event.id <= sentUpTo) return
    sentUpTo = event.id
    stream.send(event.type, event.data, event.id)
  }
  const unsubscribe = ctx.hub.subscribe(actor.id, (event) => (buffer ? buffer.push(event) : deliver(event)))
  const stream = openEventStream(reply, {
    heartbeatMs: ctx.config.sseHeartbeatMs,
    onClose: () => {
      unsubscribe()
      forgetShutdown()
    },
  })
  const forgetShutdown = ctx.hub.onShutdown(() => stream.end())

  try {
    if (lastEventId === undefined || !(await canReplayFrom(ctx, lastEventId))) {
      const { lastEventId: upTo, ...snapshot } = await streamSnapshot(ctx, actor.id)
      sentUpTo = upTo
      stream.send('snapshot', JSON.stringify(snapshot))
    } else {
      for (const row of await eventsAfter(ctx, actor.id, lastEventId)) deliver(streamEvent(row))
    }
    const buffered = buffer
    buffer = null
    buffered.sort((a, b) => a.id - b.id).forEach(deliver)
  } catch (error) {
    ctx.log.warn({ err: error }, 'notification stream failed to start')
    stream.end()
  }
}
