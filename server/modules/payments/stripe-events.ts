import type Stripe from 'stripe'
import { z } from 'zod'

// What Inkwell reads of each Stripe event's object (stripe.provider.ts checks it before reading):
// Stripe's types say what it sends, but a signed event is still input (a missing data.object was a
// TypeError and a 500).
const StripeId = z.string().min(1)
const Ref = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish()
const Metadata = z.record(z.string(), z.string()).nullish()
const Amount = z.number().int().nonnegative()
const Currency = z.string().regex(/^[a-zA-Z]{3}$/)
const Session = z.looseObject({
  id: StripeId,
  mode: z.string(),
  payment_status: z.string(),
  metadata: Metadata,
  payment_intent: Ref,
  invoice: Ref,
  amount_total: Amount.nullable(),
  currency: Currency.nullable(),
})
const Invoice = z.looseObject({
  id: StripeId,
  billing_reason: z.string().nullish(),
  parent: z.looseObject({ subscription_details: z.looseObject({ metadata: Metadata }).nullish() }).nullish(),
  amount_paid: Amount,
  amount_due: Amount,
  currency: Currency,
  lines: z
    .looseObject({ data: z.array(z.looseObject({ period: z.looseObject({ end: z.number() }).nullish() })) })
    .nullish(),
})
const Subscription = z.looseObject({
  id: StripeId,
  metadata: Metadata,
  currency: Currency,
  ended_at: z.number().int().nullish(),
  items: z
    .looseObject({
      data: z.array(z.looseObject({ price: z.looseObject({ unit_amount: Amount.nullable() }).nullish() })),
    })
    .nullish(),
})
const SubscriptionUpdated = Subscription.extend({ cancel_at_period_end: z.boolean() })
const Charge = z.looseObject({
  id: StripeId,
  refunded: z.boolean(),
  amount_refunded: Amount,
  currency: Currency,
})
export const EVENT_OBJECTS: Partial<Record<Stripe.Event.Type, z.ZodType>> = {
  'checkout.session.completed': Session,
  'checkout.session.async_payment_succeeded': Session,
  'checkout.session.async_payment_failed': Session,
  'checkout.session.expired': Session,
  'invoice.paid': Invoice,
  'invoice.payment_failed': Invoice,
  'customer.subscription.deleted': Subscription,
  'customer.subscription.updated': SubscriptionUpdated,
  'charge.refunded': Charge,
}
