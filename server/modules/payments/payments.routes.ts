import { ORDER_ADDRESS_RATE_LIMIT, ORDER_RATE_LIMIT } from '#common/constants.ts'
import { AdminOrderPage, AdminOrdersQuery } from '#common/schemas/admin.ts'
import {
  CreateOrderInput,
  Order,
  OrderIdParams,
  OrderPage,
  OrdersQuery,
  SandboxPayInput,
  SandboxPayParams,
  SandboxPayResult,
  WebhookParams,
  WebhookResult,
} from '#common/schemas/payments.ts'
import { actor, requireUser } from '#server/auth/guards.ts'
import { AppError } from '#server/errors.ts'
import type { App } from '#server/http/app-type.ts'
import { perAddressLimit } from '#server/http/rate-limit-store.ts'
import { listOrders } from './admin-orders.service.ts'
import { configuredProvider } from './configured-provider.ts'
import { handleWebhook } from './fulfil.service.ts'
import {
  createOrder,
  getOrder,
  listMyOrders,
  refundOrder,
  retryCheckout,
  sandboxPay,
} from './orders.service.ts'
import type { SandboxProvider } from './sandbox.provider.ts'

/** Provider events are small; Stripe's are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/** Orders, the provider's webhook, the sandbox's test checkout and the admin refund. */
export async function paymentRoutes(app: App) {
  const provider = configuredProvider(app.ctx)
  const guarded = { onRequest: requireUser }

  // 201: a new order; 200: the buyer's open order for the item (a second Buy). 404: the book or
  // writer in the body does not exist. 503: the provider could not open a checkout (no order kept).
  app.post(
    '/api/orders',
    {
      ...guarded,
      // Per address as well as per person (many accounts behind one address), when limits are on.
      ...(app.ctx.config.rateLimit
        ? { preHandler: perAddressLimit(app.ctx.db, 'POST/api/orders', ORDER_ADDRESS_RATE_LIMIT) }
        : {}),
      schema: {
        operationId: 'createOrder',
        summary: 'Order a book or a subscription',
        body: CreateOrderInput,
        response: { 200: Order, 201: Order },
      },
      config: {
        errors: [404, 409, 503],
        rateLimit: {
          max: ORDER_RATE_LIMIT.max,
          timeWindow: ORDER_RATE_LIMIT.windowSeconds * 1000,
          keyGenerator: (req: { user: { id: string } | null }) => `order:${req.user?.id}`,
        },
      },
    },
    async (req, reply) => {
      const { order, created } = await createOrder(app.ctx, provider, actor(req), req.body)
      return reply.code(created ? 201 : 200).send(order)
    },
  )

  app.get(
    '/api/orders/:id',
    {
      ...guarded,
      schema: {
        operationId: 'getOrder',
        summary: 'Read one of my orders',
        params: OrderIdParams,
        response: { 200: Order },
      },
    },
    async (req) => getOrder(app.ctx, actor(req), req.params.id),
  )

  // Try again on an unpaid order: a checkout that can still be paid (a new one if the last expired).
  app.post(
    '/api/orders/:id/checkout',
    {
      ...guarded,
      schema: {
        operationId: 'checkoutOrder',
        summary: 'Start paying for one of my orders again',
        params: OrderIdParams,
        response: { 200: Order },
      },
      config: { errors: [409] },
    },
    async (req) => retryCheckout(app.ctx, provider, actor(req), req.params.id),
  )

  app.get(
    '/api/me/orders',
    {
      ...guarded,
      schema: {
        operationId: 'listMyOrders',
        summary: 'List my orders',
        querystring: OrdersQuery,
        response: { 200: OrderPage },
      },
    },
    async (req) => listMyOrders(app.ctx, actor(req), req.query),
  )

  if (provider.name === 'sandbox') {
    app.post(
      '/api/payments/sandbox/:orderId/pay',
      {
        ...guarded,
        schema: {
          operationId: 'paySandboxOrder',
          summary: 'Pay an order with the sandbox provider',
          params: SandboxPayParams,
          body: SandboxPayInput,
          response: { 200: SandboxPayResult },
        },
        config: { errors: [409] },
      },
      async (req) =>
        sandboxPay(app.ctx, provider as SandboxProvider, actor(req), req.params.orderId, req.body.outcome),
    )
  }

  // The raw body on this route only: the signature is over the exact bytes sent.
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    )
    scope.post(
      '/api/payments/webhook/:provider',
      {
        schema: {
          operationId: 'receivePaymentEvent',
          summary: "Receive a payment provider's event",
          params: WebhookParams,
          response: { 200: WebhookResult },
        },
      },
      async (req) => {
        if (req.params.provider !== provider.name)
          throw new AppError('not_found', 'This payment provider is not in use')
        if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'The event has no body')
        const { duplicate } = await handleWebhook(app.ctx, provider, req.body, req.headers)
        return { received: true as const, duplicate }
      },
    )
  })
}

/** The admins' orders and refunds (the admin scope: server/http/scopes.ts). */
export function orderAdminRoutes(app: App) {
  const provider = configuredProvider(app.ctx)

  app.get(
    '/api/admin/orders',
    {
      schema: {
        operationId: 'listOrders',
        summary: 'List orders',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderPage },
      },
    },
    async (req) => listOrders(app.ctx, req.query),
  )
  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        operationId: 'refundOrder',
        summary: 'Refund an order',
        params: OrderIdParams,
        response: { 200: Order },
      },
      config: { errors: [409] },
    },
    async (req) => refundOrder(app.ctx, provider, req.params.id),
  )
}
