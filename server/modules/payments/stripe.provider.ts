import Stripe from 'stripe'
import type { Clock } from '#server/clock.ts'
import { AppError } from '#server/errors.ts'
import type { PaymentProvider, ProviderEvent, ProviderEventType } from './provider.ts'

// Stripe Checkout behind the PaymentProvider interface (decision 019, "Stripe"). A writer
// subscription is a Checkout Session in subscription mode priced from the server's order; the
// order id travels as the session's client_reference_id and metadata, and as the subscription's
// metadata so renewals find their order. The payment's reference (paymentRef) is the Stripe
// INVOICE id: the first invoice for the sale, each cycle's invoice for a renewal.

/** The API version this SDK release is typed against: pinned so Stripe's payloads match the code. */
const API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion

export interface StripeOptions {
  secretKey: string
  /** The endpoint's whsec_… signing secret. */
  webhookSecret: string
  appUrl: string
  clock: Clock
  /** Tests point the SDK at a local server; production leaves these unset. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}

export function stripeProvider(options: StripeOptions): PaymentProvider {
  const { webhookSecret, appUrl, clock, api } = options
  const stripe = new Stripe(options.secretKey, { apiVersion: API_VERSION, maxNetworkRetries: 2, ...api })

  const event = (
    id: string,
    type: ProviderEventType,
    data: { orderId: unknown; paymentRef: unknown; amount: number | null; currency: string | null },
    created: number,
  ): ProviderEvent | null => {
    const { orderId, paymentRef, amount, currency } = data
    if (typeof orderId !== 'string' || typeof paymentRef !== 'string' || amount === null || !currency) {
      return null
    }
    return {
      id,
      type,
      orderId,
      paymentRef,
      amount,
      currency: currency.toUpperCase(),
      occurredAt: new Date(created * 1000),
    }
  }

  /** The order a refund Inkwell asked for belongs to (its metadata); a refund made elsewhere has none. */
  const refundedOrder = async (charge: Stripe.Charge) => {
    const refunds = await stripe.refunds.list({ charge: charge.id, limit: 10 })
    return refunds.data.find((refund) => refund.metadata?.orderId)?.metadata?.orderId
  }

  return {
    name: 'stripe',
    async createCheckout(order) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount,
                recurring: { interval: 'month' },
                product_data: { name: order.title },
              },
            },
          ],
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          subscription_data: { metadata: { orderId: order.id } },
          success_url: `${appUrl}/payment/success?order=${order.id}`,
          cancel_url: `${appUrl}/payment/failed?order=${order.id}`,
        },
        { idempotencyKey: `checkout-${order.id}` },
      )
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`)
      return { url: session.url, ref: session.id }
    },

    async verifyEvent(rawBody, headers) {
      const header = headers['stripe-signature']
      let verified: Stripe.Event
      try {
        verified = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(header) ? header[0] : header) ?? '',
          webhookSecret,
          undefined,
          undefined,
          // In milliseconds (the SDK divides by 1000), from Inkwell's clock so tests can move it.
          clock.now().getTime(),
        )
      } catch {
        throw new AppError('bad_request', 'The event is not a genuine Stripe event', {
          signature: 'The event signature does not match',
        })
      }
      const { id, created } = verified
      switch (verified.type) {
        // A delayed payment method (a bank debit) completes unpaid and succeeds later.
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = verified.data.object
          if (session.payment_status !== 'paid') return null
          return event(
            id,
            'payment.succeeded',
            {
              orderId: session.metadata?.orderId,
              paymentRef: refOf(session.invoice),
              amount: session.amount_total,
              currency: session.currency,
            },
            created,
          )
        }
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = verified.data.object
          const { orderId } = session.metadata ?? {}
          return event(
            id,
            'payment.failed',
            { orderId, paymentRef: session.id, amount: session.amount_total, currency: session.currency },
            created,
          )
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = verified.data.object
          if (invoice.billing_reason !== 'subscription_cycle') return null
          const paid = verified.type === 'invoice.paid'
          return event(
            id,
            paid ? 'subscription.renewed' : 'subscription.renewal_failed',
            {
              orderId: invoice.parent?.subscription_details?.metadata?.orderId,
              paymentRef: invoice.id,
              amount: paid ? invoice.amount_paid : invoice.amount_due,
              currency: invoice.currency,
            },
            created,
          )
        }
        case 'charge.refunded': {
          const charge = verified.data.object
          // A partial refund is not one Inkwell makes: the order stays paid.
          if (!charge.refunded) return null
          return event(
            id,
            'payment.refunded',
            {
              orderId: await refundedOrder(charge),
              paymentRef: charge.id,
              amount: charge.amount_refunded,
              currency: charge.currency,
            },
            created,
          )
        }
        default:
          return null
      }
    },

    async refund(order) {
      if (!order.providerPaymentRef) throw new AppError('conflict', 'This order has no payment to refund')
      const payments = await stripe.invoicePayments.list({
        invoice: order.providerPaymentRef,
        status: 'paid',
        limit: 1,
      })
      const paymentIntent = refOf(payments.data[0]?.payment.payment_intent ?? null)
      if (!paymentIntent) throw new AppError('conflict', 'Stripe has no payment for this order to refund')
      await stripe.refunds.create(
        { payment_intent: paymentIntent, metadata: { orderId: order.id } },
        { idempotencyKey: `refund-${order.id}` },
      )
    },
  }
}

/** An expandable field's id. */
const refOf = (field: string | { id?: string } | null) =>
  typeof field === 'string' ? field : (field?.id ?? undefined)
