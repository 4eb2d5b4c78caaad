import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from '#server/clock.ts'
import { AppError } from '#server/errors.ts'
import {
  type CheckoutOrder,
  type PaymentProvider,
  PROVIDER_EVENT_TYPES,
  type ProviderEvent,
  type ProviderEventType,
  type RawHeaders,
} from './provider.ts'
import { SIGNATURE_HEADER, signPayload, verifySignature } from './signature.ts'

// The default provider: no account anywhere. Its TEST checkout page (web) calls pay() through
// POST /api/payments/sandbox/:orderId/pay; each outcome becomes the signed event a real provider
// would send, delivered to the webhook handler in-process (decision 019).

/** What the sandbox puts on the wire, signed. */
const SandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(PROVIDER_EVENT_TYPES),
  created: z.number().int(),
  data: z.object({
    orderId: z.string().min(1).max(200),
    paymentRef: z.string().min(1).max(200),
    amount: z.number().int().positive(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    checkoutRef: z.string().min(1).max(200).optional(),
  }),
})

export interface SandboxProvider extends PaymentProvider {
  name: 'sandbox'
  /**
   * Builds a signed event for `order` and hands it to the webhook handler, as the provider's servers
   * would. `id` names the event when two senders must not both count (a fixed id is handled once).
   */
  send(
    order: Pick<CheckoutOrder, 'id' | 'amount' | 'currency'>,
    type: ProviderEventType,
    paymentRef: string,
    options?: { id?: string; checkoutRef?: string },
  ): Promise<void>
}

export function sandboxProvider(options: {
  secret: string
  clock: Clock
  /** The webhook handler: the same function POST /api/payments/webhook/sandbox calls. */
  deliver: (rawBody: Buffer, headers: RawHeaders) => Promise<unknown>
}): SandboxProvider {
  const { secret, clock, deliver } = options

  const send: SandboxProvider['send'] = async (order, type, paymentRef, options = {}) => {
    const now = clock.now()
    const event = {
      id: options.id ?? `evt_sbx_${randomUUID()}`,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: {
        orderId: order.id,
        paymentRef,
        amount: order.amount,
        currency: order.currency,
        ...(options.checkoutRef ? { checkoutRef: options.checkoutRef } : {}),
      },
    }
    const rawBody = Buffer.from(JSON.stringify(event))
    await deliver(rawBody, {
      [SIGNATURE_HEADER]: signPayload(secret, rawBody, now),
      'content-type': 'application/json',
    })
  }

  return {
    name: 'sandbox',
    send,
    async createCheckout(order) {
      return { url: `/payment/checkout/${order.id}`, ref: order.id }
    },
    // The TEST checkout page never expires while its order is unpaid: the same page again.
    async retryCheckout(order) {
      return { url: `/payment/checkout/${order.id}`, ref: order.providerCheckoutRef ?? order.id }
    },
    // The renewal job reads Inkwell's subscription row: nothing to tell.
    async setRenewal() {},
    async verifyEvent(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER]
      verifySignature(secret, rawBody, Array.isArray(header) ? header[0] : header, clock.now())
      const parsed = SandboxEvent.safeParse(parseJson(rawBody))
      if (!parsed.success) throw new AppError('bad_request', 'The event is not one the sandbox sends')
      const { id, type, created, data } = parsed.data
      return { id, type, ...data, occurredAt: new Date(created * 1000) } satisfies ProviderEvent
    },
    async refund(order) {
      if (!order.providerPaymentRef) throw new AppError('conflict', 'This order has no payment to refund')
      await send(order, 'payment.refunded', order.providerPaymentRef)
    },
    // One refund per payment, however often it is asked for (a fixed event id is handled once).
    async refundPayment({ orderId, paymentRef, amount, currency }) {
      await send({ id: orderId, amount, currency }, 'payment.refunded', paymentRef, {
        id: `evt_sbx_refund_${paymentRef}`,
      })
    },
  }
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'))
  } catch {
    return undefined
  }
}
