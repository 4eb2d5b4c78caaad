import { z } from 'zod'
import { PageQuery, pageOf, Uuid } from './fields.ts'

// Money rails: orders, their checkout, and the sandbox provider's test checkout.
// Amounts are integer minor units (cents) set by the server; the client never sends one.

export const ORDER_ITEM_KINDS = ['subscription', 'book'] as const
export const OrderItemKind = z.enum(ORDER_ITEM_KINDS)
export type OrderItemKind = z.infer<typeof OrderItemKind>

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

export type LedgerTransferKind =
  | 'sale'
  | 'renewal'
  | 'refund'
  // Earnings and payouts (decision 022).
  | 'release'
  | 'reclaim'
  | 'payout'
  | 'payout_paid'
  | 'payout_rejected'
  // A payment for something the buyer already had, and its refund (decision 040): held apart,
  // never the writer's.
  | 'duplicate'
  | 'duplicate_refund'
export type SubscriptionKind = 'free' | 'paid'
/** active: renews; cancelled: access until the period's end, no renewal; ended: no access. */
export type SubscriptionStatus = 'active' | 'cancelled' | 'ended'

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

const serverSetsThePrice = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys' ? 'The price is set by Inkwell, not sent' : undefined,
}

/**
 * POST /api/orders: a writer's monthly subscription or a book. Strict: a price or any other field
 * the server sets is refused.
 */
export const CreateOrderInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject(
      {
        kind: z.literal('subscription', 'Choose what to buy'),
        writerId: Uuid('Choose a writer'),
      },
      serverSetsThePrice,
    ),
    z.strictObject(
      { kind: z.literal('book', 'Choose what to buy'), bookId: Uuid('Choose a book') },
      serverSetsThePrice,
    ),
  ],
  { error: 'Choose what to buy' },
)
export type CreateOrderInput = z.infer<typeof CreateOrderInput>

export const OrderIdParams = z.object({ id: Uuid('Unknown order') })
export const SandboxPayParams = z.object({ orderId: Uuid('Unknown order') })
export const WebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS, 'Unknown payment provider') })

export const Order = z.object({
  id: z.string(),
  status: OrderStatus,
  amount: z.number().int(),
  currency: z.string(),
  /** What is bought, in words for the summary ("Monthly subscription to Grace Hopper"). */
  item: z.object({
    kind: OrderItemKind,
    id: z.string(),
    title: z.string(),
    /** Who receives the money: the writer. */
    seller: z.object({ id: z.string(), name: z.string() }),
  }),
  provider: z.string(),
  /** Where the buyer pays, while the order is pending. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Order = z.infer<typeof Order>

export const OrdersQuery = PageQuery
export type OrdersQuery = z.infer<typeof OrdersQuery>
export const OrderPage = pageOf(Order)
export type OrderPage = z.infer<typeof OrderPage>

/** The sandbox's TEST checkout: what the buyer chose to happen. */
export const SANDBOX_OUTCOMES = ['succeed', 'decline', 'error'] as const
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number]
export const SandboxPayInput = z.strictObject({
  outcome: z.enum(SANDBOX_OUTCOMES, 'Choose succeed, decline or error'),
})
export type SandboxPayInput = z.infer<typeof SandboxPayInput>
/** Where the buyer goes next, as after a real provider's checkout. */
export const SandboxPayResult = z.object({ redirectTo: z.string() })
export type SandboxPayResult = z.infer<typeof SandboxPayResult>

/** A handled webhook: `duplicate` when the event had been handled before. */
export const WebhookResult = z.object({ received: z.literal(true), duplicate: z.boolean() })
