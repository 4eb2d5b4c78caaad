import { z } from 'zod'
import { PageQuery, pageOf, Uuid } from './fields.ts'

// Subscriptions: a free follow or a paid monthly period, seen by the reader and the
// writer. Prices are integer minor units; `pricePaid` is fixed at purchase (0 for a follow).

export const SubscriptionKind = z.enum(['free', 'paid'])
/** Only live subscriptions are shown: `cancelled` keeps access until `currentPeriodEnd`. */
export const LiveSubscriptionStatus = z.enum(['active', 'cancelled'])

/** The signed-in reader's live subscription to a writer (GET /api/writers/:writerId, follow). */
export const ViewerSubscription = z.object({
  kind: SubscriptionKind,
  status: LiveSubscriptionStatus,
  /** A paid period's end (access until then); null for a free follow. */
  currentPeriodEnd: z.iso.datetime().nullable(),
  pricePaid: z.number().int(),
})
export type ViewerSubscription = z.infer<typeof ViewerSubscription>

const Person = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() })

const SubscriptionFields = {
  id: z.string(),
  kind: SubscriptionKind,
  status: LiveSubscriptionStatus,
  pricePaid: z.number().int(),
  currency: z.string(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** When the next payment is due: a paid, active subscription's period end; else null. */
  renewsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
}

/** GET /api/me/subscriptions: whom I follow or pay. */
export const MySubscription = z.object({ ...SubscriptionFields, writer: Person })
export type MySubscription = z.infer<typeof MySubscription>
export const MySubscriptionPage = pageOf(MySubscription)
export type MySubscriptionPage = z.infer<typeof MySubscriptionPage>

/** GET /api/me/subscribers: who follows or pays me, with totals over all pages and my price. */
export const Subscriber = z.object({ ...SubscriptionFields, subscriber: Person })
export type Subscriber = z.infer<typeof Subscriber>
export const SubscriberPage = pageOf(Subscriber).extend({
  paidCount: z.number().int(),
  freeCount: z.number().int(),
  /** My current monthly price (0: free follow); new subscribers pay it. */
  monthlyPrice: z.number().int(),
})
export type SubscriberPage = z.infer<typeof SubscriberPage>

export const SubscriptionsQuery = PageQuery
export type SubscriptionsQuery = z.infer<typeof SubscriptionsQuery>

export const SubscriptionIdParams = z.object({ id: Uuid('Unknown subscription') })
