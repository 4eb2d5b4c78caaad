import Stripe from 'stripe'
import type { Clock } from '#server/clock.ts'
import { AppError } from '#server/errors.ts'
import {
  type CheckoutOrder,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderEventType,
  UnusableEvent,
} from './provider.ts'
import { EVENT_OBJECTS } from './stripe-events.ts'

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
    data: {
      orderId: unknown
      paymentRef: unknown
      amount: number | null
      currency: string | null
      checkoutRef?: string
      periodEnd?: Date
    },
    created: number,
  ): ProviderEvent | null => {
    const { orderId, paymentRef, amount, currency, checkoutRef, periodEnd } = data
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
      ...(checkoutRef ? { checkoutRef } : {}),
      ...(periodEnd ? { periodEnd } : {}),
    }
  }

  /** The payment intent that paid an invoice (since the 2025 API an invoice has no payment_intent). */
  const invoicePaymentIntent = async (invoice: string) => {
    const payments = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 })
    return refOf(payments.data[0]?.payment.payment_intent ?? null)
  }

  /**
   * The order a refund Inkwell asked for belongs to (its metadata; a refund made elsewhere has
   * none), and the payment it refunds: a second payment's own reference, else the charge.
   */
  const refundedOrder = async (charge: Stripe.Charge) => {
    const refunds = await stripe.refunds.list({ charge: charge.id, limit: 10 })
    const metadata = refunds.data.find((refund) => refund.metadata?.orderId)?.metadata
    return { orderId: metadata?.orderId, paymentRef: metadata?.paymentRef ?? charge.id }
  }

  /** A Checkout Session for `order`: subscription mode for a recurring item, payment mode for a one-off. */
  const createSession = async (order: CheckoutOrder, idempotencyKey: string) => {
    const metadata = { orderId: order.id }
    const price = {
      currency: order.currency.toLowerCase(),
      unit_amount: order.amount,
      product_data: { name: order.title },
    }
    const session = await stripe.checkout.sessions.create(
      {
        ...(order.recurring
          ? {
              mode: 'subscription' as const,
              line_items: [
                { quantity: 1, price_data: { ...price, recurring: { interval: 'month' as const } } },
              ],
              subscription_data: { metadata },
            }
          : {
              mode: 'payment' as const,
              line_items: [{ quantity: 1, price_data: price }],
              // The charge (and a refund of it) leads back to the order.
              payment_intent_data: { metadata },
            }),
        client_reference_id: order.id,
        metadata,
        success_url: `${appUrl}/payment/success?order=${order.id}`,
        cancel_url: `${appUrl}/payment/failed?order=${order.id}`,
      },
      { idempotencyKey },
    )
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`)
    return { url: session.url, ref: session.id }
  }

  /** Closes an open session; one already complete or expired (Stripe's 400) is closed enough. */
  const expireSession = async (id: string) => {
    try {
      await stripe.checkout.sessions.expire(id)
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
      const again = await stripe.checkout.sessions.retrieve(id)
      if (again.status === 'open') throw error
    }
  }

  /** Ends a subscription now; one already cancelled (Stripe's 400) is ended enough. */
  const cancelSubscription = async (id: string) => {
    try {
      await stripe.subscriptions.cancel(id)
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
    }
  }

  /** The Stripe subscription a paid order started: its Checkout Session's `subscription`. */
  const subscriptionOf = async (order: CheckoutOrder) => {
    if (!order.providerCheckoutRef) throw new AppError('conflict', 'This subscription has no Stripe checkout')
    let session: Stripe.Checkout.Session
    try {
      session = await stripe.checkout.sessions.retrieve(order.providerCheckoutRef)
    } catch (error) {
      throw unreachable(error, 'find the subscription')
    }
    const id = refOf(session.subscription)
    if (!id) throw new AppError('conflict', 'Stripe has no subscription for this order')
    return id
  }

  return {
    name: 'stripe',
    createCheckout: (order) => createSession(order, `checkout-${order.id}`),

    async retryCheckout(order) {
      try {
        const current = order.providerCheckoutRef
          ? await stripe.checkout.sessions.retrieve(order.providerCheckoutRef)
          : null
        if (current?.status === 'open' && current.url) return { url: current.url, ref: current.id }
        // Completed: paid (its event is on the way) or a delayed payment still processing.
        if (
          current?.status === 'complete' &&
          (current.payment_status === 'paid' || order.status === 'pending')
        )
          throw new AppError('conflict', 'A payment for this order is already under way')
        // Never two payable sessions for one order: the old one is closed before a new one opens
        // (Stripe answers 400 for one that is no longer open, which is what we want anyway).
        if (current) await expireSession(current.id)
        // Named after the session it replaces: a retry sent twice makes one new session.
        return await createSession(order, `checkout-${order.id}-after-${current?.id ?? 'none'}`)
      } catch (error) {
        throw unreachable(error, 'open a checkout')
      }
    },

    async setRenewal(order, renew) {
      const subscriptionId = await subscriptionOf(order)
      try {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renew })
      } catch (error) {
        throw unreachable(error, 'change the renewal')
      }
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
      const shape = EVENT_OBJECTS[verified.type]
      if (!shape) return null
      if (!shape.safeParse((verified as { data?: { object?: unknown } }).data?.object).success)
        throw new UnusableEvent(id, verified.type)
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
              // A one-off payment has no invoice: its payment intent is the payment.
              paymentRef: refOf(session.mode === 'payment' ? session.payment_intent : session.invoice),
              amount: session.amount_total,
              currency: session.currency,
              checkoutRef: session.id,
            },
            created,
          )
        }
        // A delayed payment that failed: the order failed. An expired session: the buyer left.
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = verified.data.object
          const { orderId } = session.metadata ?? {}
          return event(
            id,
            verified.type === 'checkout.session.expired' ? 'payment.cancelled' : 'payment.failed',
            {
              orderId,
              paymentRef: session.id,
              amount: session.amount_total,
              currency: session.currency,
              checkoutRef: session.id,
            },
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
              // The period Stripe billed: its subscription line's end (the latest, if several).
              periodEnd: paid ? periodEnd(invoice) : undefined,
            },
            created,
          )
        }
        // Stripe ended the subscription: at the period's end after a cancellation, after its
        // retries failed, or by hand in the dashboard.
        case 'customer.subscription.deleted': {
          const ended = verified.data.object
          return event(
            id,
            'subscription.ended',
            {
              orderId: ended.metadata?.orderId,
              paymentRef: ended.id,
              amount: ended.items?.data[0]?.price?.unit_amount ?? 0,
              currency: ended.currency,
            },
            // When it ended, not when the event was written.
            ended.ended_at ?? created,
          )
        }
        // Renewal switched off or on in Stripe (the dashboard, the customer portal). Only an update
        // that changed cancel_at_period_end; Inkwell's own cancel and resume send one too, which
        // finds Inkwell's record already newer and changes nothing.
        case 'customer.subscription.updated': {
          const updated = verified.data.object
          if (
            !verified.data.previous_attributes ||
            !('cancel_at_period_end' in verified.data.previous_attributes)
          )
            return null
          return event(
            id,
            updated.cancel_at_period_end ? 'subscription.cancelled' : 'subscription.resumed',
            {
              orderId: updated.metadata?.orderId,
              paymentRef: updated.id,
              amount: updated.items?.data[0]?.price?.unit_amount ?? 0,
              currency: updated.currency,
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
            { ...(await refundedOrder(charge)), amount: charge.amount_refunded, currency: charge.currency },
            created,
          )
        }
        default:
          return null
      }
    },

    async refund(order) {
      if (!order.providerPaymentRef) throw new AppError('conflict', 'This order has no payment to refund')
      // A one-off order's payment reference is its payment intent; a subscription's, its invoice.
      const paymentIntent = order.recurring
        ? await invoicePaymentIntent(order.providerPaymentRef)
        : order.providerPaymentRef
      if (!paymentIntent) throw new AppError('conflict', 'Stripe has no payment for this order to refund')
      await stripe.refunds.create(
        { payment_intent: paymentIntent, metadata: { orderId: order.id } },
        { idempotencyKey: `refund-${order.id}` },
      )
    },

    // A one-off's payment reference is its payment intent; a subscription's, its first invoice,
    // whose subscription is cancelled at once so it never renews.
    async refundPayment({ orderId, paymentRef, recurring }) {
      let paymentIntent: string | undefined = paymentRef
      if (recurring) {
        const invoice = await stripe.invoices.retrieve(paymentRef)
        const started = refOf(invoice.parent?.subscription_details?.subscription ?? null)
        if (started) await cancelSubscription(started)
        paymentIntent = await invoicePaymentIntent(paymentRef)
      }
      if (!paymentIntent) throw new Error(`Stripe has no payment for ${paymentRef} to refund`)
      await stripe.refunds.create(
        { payment_intent: paymentIntent, metadata: { orderId, paymentRef } },
        { idempotencyKey: `refund-payment-${paymentRef}` },
      )
    },
  }
}

/** The end of the subscription period an invoice bills, from its lines (Unix seconds → Date). */
function periodEnd(invoice: Stripe.Invoice): Date | undefined {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end).filter((end) => end > 0)
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : undefined
}

/** Stripe did not answer, or refused: nothing was changed, on either side. */
function unreachable(error: unknown, what: string) {
  if (error instanceof AppError) return error
  const reason = error instanceof Stripe.errors.StripeError ? error.message : String(error)
  // The buyer reads the message; the reason stays on the error for the log, not in the answer.
  return Object.assign(
    new AppError('conflict', `Stripe could not ${what} just now, so nothing was changed. Try again shortly.`),
    { cause: reason },
  )
}

/** An expandable field's id. */
const refOf = (field: string | { id?: string } | null) =>
  typeof field === 'string' ? field : (field?.id ?? undefined)
