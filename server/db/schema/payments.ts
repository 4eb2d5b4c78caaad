import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  LedgerTransferKind,
  OrderItemKind,
  OrderStatus,
  SubscriptionKind,
  SubscriptionStatus,
} from '#common/schemas/payments.ts'
import { user } from './auth.ts'

// Money rails (decision 019). Amounts are integer minor units with a currency code, set
// only by the server. Times are timestamp(3), like every keyset-paged column (db/cursor.ts).

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** What a buyer pays for: created by the server, changed only by verified provider events. */
export const order = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // 'subscription' (itemId: the writer's id) now, 'book' next: a text with a check, so a new
    // kind is one migration that widens the check.
    itemKind: text('item_kind').$type<OrderItemKind>().notNull(),
    itemId: text('item_id').notNull(),
    /** Who the sale pays, fixed when the order is made (null on orders from before migration 0015). */
    sellerId: text('seller_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The provider's checkout (a Stripe Checkout Session id; the sandbox's is the order id). */
    providerCheckoutRef: text('provider_checkout_ref'),
    /** Where the buyer pays (the sandbox's test checkout, or the provider's hosted page). */
    checkoutUrl: text('checkout_url'),
    /** The provider's payment (a Stripe PaymentIntent id), known once paid. */
    providerPaymentRef: text('provider_payment_ref'),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_buyer_created_idx').on(t.buyerId, t.createdAt, t.id),
    // The admin's orders list: all, newest first, or one status at a time (keyset pages).
    index('order_created_idx').on(t.createdAt, t.id),
    index('order_status_created_idx').on(t.status, t.createdAt, t.id),
    // One buyer, one open (payable) order per item (decision 040): a second Buy gets this one.
    uniqueIndex('order_open_item_idx')
      .on(t.buyerId, t.itemKind, t.itemId)
      .where(sql`${t.status} in ('pending', 'failed')`),
    // Item ids are UUIDs (a book's, a writer's) in their canonical lower-case form, so one item is
    // one text wherever it is compared.
    check(
      'order_item_id_check',
      sql`${t.itemId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    ),
    check('order_item_kind_check', sql`${t.itemKind} in ('subscription', 'book')`),
    check('order_amount_check', sql`${t.amount} > 0`),
    check('order_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('order_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'refunded')`),
  ],
)

/** Each provider event handled, written in the transaction that handles it: the idempotency record. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => order.id, { onDelete: 'set null' }),
    receivedAt: ms('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_event_provider_event_idx').on(t.provider, t.eventId),
    index('payment_event_order_idx').on(t.orderId),
  ],
)

/** A set of ledger entries that sum to zero; one per provider payment and kind. Append-only. */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerTransferKind>().notNull(),
    provider: text('provider').notNull(),
    paymentRef: text('payment_ref').notNull(),
    // No foreign key: the ledger outlives whatever it records (a cascade would be a DELETE).
    // A transfer records an order's money (sale, renewal, refund, and the release and reclaim of
    // its net) or a payout request's (decision 022): one of the two.
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfer_payment_idx').on(t.provider, t.paymentRef, t.kind),
    index('ledger_transfer_order_idx').on(t.orderId),
    // Housekeeping's release looks for sales and renewals whose refund window has passed.
    index('ledger_transfer_earning_created_idx').on(t.createdAt).where(sql`${t.kind} in ('sale', 'renewal')`),
    // Housekeeping asks again for the refunds of second payments still owed (decision 040).
    index('ledger_transfer_duplicate_created_idx').on(t.createdAt).where(sql`${t.kind} = 'duplicate'`),
    check(
      'ledger_transfer_kind_check',
      sql`${t.kind} in ('sale', 'renewal', 'refund', 'release', 'reclaim', 'payout', 'payout_paid', 'payout_rejected', 'duplicate', 'duplicate_refund')`,
    ),
    check('ledger_transfer_subject_check', sql`(${t.orderId} is null) <> (${t.payoutId} is null)`),
  ],
)

/** One movement on one account ('buyer:external', 'platform:fees', 'writer:<id>:pending'). Append-only. */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfer.id),
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Its transfer's time (the same transaction's now()), so one account's lines page by time. */
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Balances are sums by account: an index-only scan with amount included.
    index('ledger_entry_account_idx').on(t.account, t.currency, t.amount),
    // A writer's earnings history: one account's lines by time (keyset pages, a month's range).
    index('ledger_entry_account_created_idx').on(t.account, t.createdAt, t.transferId),
    index('ledger_entry_transfer_idx').on(t.transferId),
    check('ledger_entry_amount_check', sql`${t.amount} <> 0`),
  ],
)

/** A reader's subscription to a writer: a free follow or a paid monthly period. */
export const subscription = pgTable(
  'subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    writerId: text('writer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionKind>().notNull(),
    /** What the subscriber pays per month, fixed at purchase (a later price change does not touch it). */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** The order that last paid for it (its refund ends access). */
    orderId: uuid('order_id').references(() => order.id, { onDelete: 'set null' }),
    currentPeriodStart: ms('current_period_start'),
    currentPeriodEnd: ms('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Whether the subscriber gets the writer's new posts by e-mail. */
    emailNewPosts: boolean('email_new_posts').notNull().default(true),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One live (active or cancelled-until-period-end) subscription per reader and writer.
    uniqueIndex('subscription_live_idx').on(t.subscriberId, t.writerId).where(sql`${t.status} <> 'ended'`),
    // A writer's and a reader's live subscriptions, newest first (keyset pages and the counts).
    index('subscription_writer_live_idx')
      .on(t.writerId, t.createdAt, t.id)
      .where(sql`${t.status} <> 'ended'`),
    index('subscription_subscriber_live_idx')
      .on(t.subscriberId, t.createdAt, t.id)
      .where(sql`${t.status} <> 'ended'`),
    // What the renewal job looks for every minute: due periods (renewing, or ending when cancelled).
    index('subscription_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.kind} = 'paid' and ${t.status} <> 'ended'`),
    // The overview's rollup: the subscriptions of the days it rebuilds (decision 024).
    index('subscription_created_idx').on(t.createdAt),
    check('subscription_kind_check', sql`${t.kind} in ('free', 'paid')`),
    check('subscription_status_check', sql`${t.status} in ('active', 'cancelled', 'ended')`),
    check('subscription_price_check', sql`${t.price} >= 0`),
    check('subscription_not_self_check', sql`${t.subscriberId} <> ${t.writerId}`),
  ],
)
