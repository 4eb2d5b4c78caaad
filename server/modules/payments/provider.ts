import type { OrderStatus, PaymentProviderName } from '#common/schemas/payments.ts'

// One interface for every payment provider (decision 019): the sandbox and Stripe implement it.

/** The order as a provider needs it. */
export interface CheckoutOrder {
  id: string
  buyerId: string
  amount: number
  currency: string
  status: OrderStatus
  providerPaymentRef: string | null
  /** In words, for a hosted checkout page ("Monthly subscription to Grace Hopper"). */
  title: string
}

export const PROVIDER_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'subscription.renewed',
  'subscription.renewal_failed',
] as const
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number]

/** A verified provider event, in Inkwell's words whatever the provider. */
export interface ProviderEvent {
  /** The provider's event id: each is handled once. */
  id: string
  type: ProviderEventType
  orderId: string
  /** The provider's payment (or, for a renewal, invoice) id: one ledger transfer per payment and kind. */
  paymentRef: string
  amount: number
  currency: string
  occurredAt: Date
}

export type RawHeaders = Record<string, string | string[] | undefined>

export interface PaymentProvider {
  name: PaymentProviderName
  /** Where the buyer pays for a new order, and the provider's reference for that checkout. */
  createCheckout(order: CheckoutOrder): Promise<{ url: string; ref: string }>
  /**
   * The event in a webhook request, from its exact raw body; throws a 400 AppError if not genuine.
   * null: genuine, but nothing Inkwell acts on (answered 200, nothing written).
   */
  verifyEvent(rawBody: Buffer, headers: RawHeaders): Promise<ProviderEvent | null>
  /** Refunds a paid order in full; the provider's `payment.refunded` event does the rest. */
  refund(order: CheckoutOrder): Promise<void>
}
