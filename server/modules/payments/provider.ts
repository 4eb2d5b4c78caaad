import type { OrderStatus, PaymentProviderName } from '#common/schemas/payments.ts'
import { AppError } from '#server/errors.ts'

// One interface for every payment provider (decision 019): the sandbox and Stripe implement it.

/** The order as a provider needs it. */
export interface CheckoutOrder {
  id: string
  buyerId: string
  amount: number
  currency: string
  status: OrderStatus
  providerPaymentRef: string | null
  /** The provider's current checkout for this order (Stripe: the Checkout Session id). */
  providerCheckoutRef: string | null
  /** Renews until cancelled (a subscription), or paid once (a book): the item kind says. */
  recurring: boolean
  /** In words, for a hosted checkout page ("Monthly subscription to Grace Hopper"). */
  title: string
}

export const PROVIDER_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  /** The buyer abandoned the checkout (it expired): the order is cancelled. */
  'payment.cancelled',
  'subscription.renewed',
  'subscription.renewal_failed',
  /** The provider ended the subscription (after a cancellation, failed retries, or by hand): access ends. */
  'subscription.ended',
  /** Renewal stopped, or started again, outside Inkwell (Stripe's dashboard or portal). */
  'subscription.cancelled',
  'subscription.resumed',
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
  /**
   * The checkout the event is about, when it is about one (Stripe: the Checkout Session). A failure
   * or expiry of a checkout the order has since replaced (Try again) no longer moves the order.
   */
  checkoutRef?: string
  /** A renewal's new period end as the provider bills it; without one, Inkwell's own rule (a month). */
  periodEnd?: Date
}

/**
 * A genuine (signed) event that lacks what Inkwell reads from it, or has it in another shape: a 400,
 * recorded as received (fulfil.service.ts) so it can be looked into.
 */
export class UnusableEvent extends AppError {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
  ) {
    super('bad_request', `The ${eventType} event ${eventId} is missing what Inkwell needs to act on it`)
  }
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
  /**
   * A checkout the buyer can still pay for an unpaid order (Try again): the current one while it is
   * usable, else a new one that replaces it. Throws a 409 AppError when a payment is already under way.
   */
  retryCheckout(order: CheckoutOrder): Promise<{ url: string; ref: string }>
  /** Refunds a paid order in full; the provider's `payment.refunded` event does the rest. */
  refund(order: CheckoutOrder): Promise<void>
  /**
   * Refunds one payment in full that came for something the buyer already had (decision 040),
   * and stops what it started (a second subscription); asking again is harmless. Its
   * `payment.refunded` event names `payment.paymentRef`.
   */
  refundPayment(payment: {
    orderId: string
    paymentRef: string
    amount: number
    currency: string
    recurring: boolean
  }): Promise<void>
  /**
   * Tells the provider whether a paid subscription renews at its period's end (cancel: false,
   * resume: true), before Inkwell records it. A no-op for a provider Inkwell renews itself (the sandbox).
   */
  setRenewal(order: CheckoutOrder, renew: boolean): Promise<void>
}
