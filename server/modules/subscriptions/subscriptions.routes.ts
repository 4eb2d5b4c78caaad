import {
  MySubscription,
  MySubscriptionPage,
  SubscriberPage,
  SubscriptionIdParams,
  SubscriptionsQuery,
  ViewerSubscription,
} from '#common/schemas/subscriptions.ts'
import { WriterIdParams } from '#common/schemas/writers.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { configuredProvider } from '#server/modules/payments/index.ts'
import { listMySubscribers, listMySubscriptions } from './lists.service.ts'
import { cancelSubscription, follow, resumeSubscription, unfollow } from './subscriptions.service.ts'

/** Free follows, a paid subscription's cancel and resume, and the subscriptions screen's lists. */
export function subscriptionRoutes(app: App) {
  const guarded = { onRequest: requireUser }
  // Cancel and resume reach the provider that renews (Stripe), before Inkwell records them.
  const provider = configuredProvider(app.ctx)

  app.post(
    '/api/writers/:writerId/follow',
    {
      ...guarded,
      schema: {
        operationId: 'followWriter',
        summary: 'Follow a writer',
        params: WriterIdParams,
        response: { 200: ViewerSubscription, 201: ViewerSubscription },
      },
      config: { errors: [409] },
    },
    async (req, reply) => {
      const { created, subscription } = await follow(app.ctx, actor(req), req.params.writerId)
      return reply.code(created ? 201 : 200).send(subscription)
    },
  )

  app.delete(
    '/api/writers/:writerId/follow',
    {
      ...guarded,
      schema: { operationId: 'unfollowWriter', summary: 'Stop following a writer', params: WriterIdParams },
      config: { errors: [409] },
    },
    async (req, reply) => {
      await unfollow(app.ctx, actor(req), req.params.writerId)
      return reply.code(204).send()
    },
  )

  app.post(
    '/api/subscriptions/:id/cancel',
    {
      ...guarded,
      schema: {
        operationId: 'cancelSubscription',
        summary: 'Cancel a subscription at the end of its month',
        params: SubscriptionIdParams,
        response: { 200: MySubscription },
      },
      config: { errors: [409] },
    },
    async (req) => cancelSubscription(app.ctx, provider, actor(req), req.params.id),
  )

  app.post(
    '/api/subscriptions/:id/resume',
    {
      ...guarded,
      schema: {
        operationId: 'resumeSubscription',
        summary: 'Resume a cancelled subscription',
        params: SubscriptionIdParams,
        response: { 200: MySubscription },
      },
      config: { errors: [409] },
    },
    async (req) => resumeSubscription(app.ctx, provider, actor(req), req.params.id),
  )

  app.get(
    '/api/me/subscriptions',
    {
      ...guarded,
      schema: {
        operationId: 'listMySubscriptions',
        summary: 'List the writers I follow or subscribe to',
        querystring: SubscriptionsQuery,
        response: { 200: MySubscriptionPage },
      },
    },
    async (req) => listMySubscriptions(app.ctx, actor(req), req.query),
  )

  app.get(
    '/api/me/subscribers',
    {
      ...guarded,
      schema: {
        operationId: 'listMySubscribers',
        summary: 'List my followers and subscribers',
        querystring: SubscriptionsQuery,
        response: { 200: SubscriberPage },
      },
    },
    async (req) => listMySubscribers(app.ctx, actor(req), req.query),
  )
}
