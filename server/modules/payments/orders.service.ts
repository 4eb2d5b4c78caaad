import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type {
  CreateOrderInput,
  Order,
  OrderItemKind,
  OrderPage,
  OrderStatus,
  OrdersQuery,
  SandboxOutcome,
} from '#common/schemas/payments.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { order } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { ITEM_KINDS, type OrderRow } from './items.ts'
import type { CheckoutOrder, PaymentProvider } from './provider.ts'
import type { SandboxProvider } from './sandbox.provider.ts'

// Orders: created by the server at the seller's current price, seen only by their buyer.

const notFound = () => new AppError('not_found', 'This order does not exist')

/** Orders as the API shows them: what was bought, in words, and from whom. */
export async function toOrders(ctx: AppContext, rows: OrderRow[]): Promise<Order[]> {
  const described = new Map<string, Awaited<ReturnType<(typeof ITEM_KINDS)['subscription']['describe']>>>()
  for (const kind of new Set(rows.map((r) => r.itemKind))) {
    described.set(
      kind,
      await ITEM_KINDS[kind].describe(
        ctx.db,
        rows.filter((r) => r.itemKind === kind).map((r) => r.itemId),
      ),
    )
  }
  return rows.map((row) => {
    const item = described.get(row.itemKind)?.get(row.itemId)
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      item: {
        kind: row.itemKind,
        id: row.itemId,
        title: item?.title ?? 'An item that is no longer available',
        seller: item?.seller ?? { id: ITEM_KINDS[row.itemKind].sellerOf(row), name: 'A former writer' },
      },
      provider: row.provider,
      checkoutUrl: row.status === 'pending' || row.status === 'failed' ? row.checkoutUrl : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  })
}

/** The order as its provider needs it. */
export async function toCheckoutOrder(ctx: AppContext, row: OrderRow): Promise<CheckoutOrder> {
  const [described] = await toOrders(ctx, [row])
  return { ...row, title: described.item.title, recurring: ITEM_KINDS[row.itemKind].recurring }
}

/**
 * Buy: the buyer's open (unpaid) order for this item if there is one (decision 040: one per buyer
 * and item, held by a partial unique index), else a new one at the seller's current price.
 * `created` tells which. Whichever request finds an order without its checkout opens it: the
 * provider's checkout is idempotent per order, so twenty simultaneous Buys make one order and one
 * checkout.
 */
export async function createOrder(
  ctx: AppContext,
  provider: PaymentProvider,
  actor: SessionUser,
  input: CreateOrderInput,
): Promise<{ order: Order; created: boolean }> {
  const itemId = input.kind === 'book' ? input.bookId : input.writerId
  // Refuses what cannot be bought now (an owned book, a live subscription) even with an order open.
  const quote = await ITEM_KINDS[input.kind].quote(ctx.db, actor.id, itemId)
  const { amount, currency, sellerId } = quote
  const open = await openOrder(ctx, provider, actor.id, input.kind, itemId, quote)
  if (open) return { order: await withCheckout(ctx, provider, open), created: false }
  const now = ctx.clock.now()
  const [created] = await ctx.db
    .insert(order)
    .values({
      buyerId: actor.id,
      itemKind: input.kind,
      itemId,
      sellerId,
      amount,
      currency,
      provider: provider.name,
      createdAt: now,
      updatedAt: now,
    })
    // Only order_open_item_idx can conflict (the id is random): a simultaneous Buy made it first.
    .onConflictDoNothing()
    .returning()
  const row = created ?? (await openOrder(ctx, provider, actor.id, input.kind, itemId, quote))
  if (!row) throw new AppError('conflict', 'This order changed while it was being made: try again')
  return { order: await withCheckout(ctx, provider, row), created: Boolean(created) }
}

/**
 * The buyer's open order for an item. One at another price than today's (the writer changed it) or
 * made through a provider no longer in use is cancelled, so a new one can be made.
 */
async function openOrder(
  ctx: AppContext,
  provider: PaymentProvider,
  buyerId: string,
  itemKind: OrderItemKind,
  itemId: string,
  quote: { amount: number; currency: string },
): Promise<OrderRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(order)
    .where(
      and(
        eq(order.buyerId, buyerId),
        eq(order.itemKind, itemKind),
        eq(order.itemId, itemId),
        inArray(order.status, OPEN_STATUSES),
      ),
    )
  if (!row) return undefined
  if (row.provider === provider.name && row.amount === quote.amount && row.currency === quote.currency)
    return row
  await ctx.db
    .update(order)
    .set({ status: 'cancelled', updatedAt: ctx.clock.now() })
    .where(and(eq(order.id, row.id), inArray(order.status, OPEN_STATUSES)))
  return undefined
}

const OPEN_STATUSES: OrderStatus[] = ['pending', 'failed']

/**
 * The order with its checkout, opened now if it has none. The provider is called outside any
 * transaction (a network call for Stripe). If it cannot be reached, the order is deleted (it was
 * never payable, and nothing refers to it) and the buyer is told to try again: a 503, no order left.
 */
async function withCheckout(ctx: AppContext, provider: PaymentProvider, row: OrderRow): Promise<Order> {
  if (row.checkoutUrl) return (await toOrders(ctx, [row]))[0]
  let checkout: { url: string; ref: string }
  try {
    checkout = await provider.createCheckout(await toCheckoutOrder(ctx, row))
  } catch (error) {
    await ctx.db.delete(order).where(and(eq(order.id, row.id), isNull(order.checkoutUrl)))
    ctx.log.error({ err: error, orderId: row.id }, 'the payment provider could not open a checkout')
    throw new AppError('unavailable', 'Payments are unavailable, try again in a minute')
  }
  const [ready] = await ctx.db
    .update(order)
    .set({ checkoutUrl: checkout.url, providerCheckoutRef: checkout.ref })
    .where(eq(order.id, row.id))
    .returning()
  if (!ready) throw new AppError('unavailable', 'Payments are unavailable, try again in a minute')
  return (await toOrders(ctx, [ready]))[0]
}

async function ownOrder(ctx: AppContext, actor: SessionUser, id: string): Promise<OrderRow> {
  const [row] = await ctx.db
    .select()
    .from(order)
    .where(and(eq(order.id, id), eq(order.buyerId, actor.id)))
  if (!row) throw notFound()
  return row
}

export async function getOrder(ctx: AppContext, actor: SessionUser, id: string): Promise<Order> {
  return (await toOrders(ctx, [await ownOrder(ctx, actor, id)]))[0]
}

export async function listMyOrders(
  ctx: AppContext,
  actor: SessionUser,
  query: OrdersQuery,
): Promise<OrderPage> {
  const rows = await ctx.db
    .select()
    .from(order)
    .where(and(eq(order.buyerId, actor.id), afterCursor(query.cursor, order.createdAt, order.id)))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(query.limit + 1)
  const page = toPage(rows, query.limit, (row) => row)
  return { items: await toOrders(ctx, page.items), nextCursor: page.nextCursor }
}

/**
 * Try again: a checkout the buyer can pay for their own unpaid order. The provider reuses the
 * current one while it is usable, or opens a new one (closing the old, so two cannot both be paid);
 * the order keeps its status and points at the new checkout, and events about the old one no longer
 * move it (fulfil.service.ts).
 */
export async function retryCheckout(
  ctx: AppContext,
  provider: PaymentProvider,
  actor: SessionUser,
  orderId: string,
): Promise<Order> {
  const row = await ownOrder(ctx, actor, orderId)
  if (row.status !== 'pending' && row.status !== 'failed')
    throw new AppError('conflict', `This order is ${row.status}: there is nothing to pay`)
  if (row.provider !== provider.name)
    throw new AppError('conflict', `This order was made through ${row.provider}, which is no longer in use`)
  const checkout = await provider.retryCheckout(await toCheckoutOrder(ctx, row))
  // Only while still unpaid: an event that paid or cancelled it meanwhile wins.
  const [ready] = await ctx.db
    .update(order)
    .set({ checkoutUrl: checkout.url, providerCheckoutRef: checkout.ref, updatedAt: ctx.clock.now() })
    .where(and(eq(order.id, row.id), inArray(order.status, ['pending', 'failed'])))
    .returning()
  return (await toOrders(ctx, [ready ?? (await ownOrder(ctx, actor, orderId))]))[0]
}

const NEXT: Record<SandboxOutcome, string> = {
  succeed: '/payment/success',
  decline: '/payment/failed',
  error: '/payment/error',
}

/**
 * The sandbox's TEST checkout: the buyer's choice becomes the provider's signed event
 * (`error` sends none, like a provider that failed), then the buyer goes where a real provider
 * would send them.
 */
export async function sandboxPay(
  ctx: AppContext,
  provider: SandboxProvider,
  actor: SessionUser,
  orderId: string,
  outcome: SandboxOutcome,
): Promise<{ redirectTo: string }> {
  const row = await ownOrder(ctx, actor, orderId)
  if (row.provider !== 'sandbox') throw notFound()
  if (row.status !== 'pending' && row.status !== 'failed')
    throw new AppError('conflict', `This order is already ${row.status}`)
  const checkout = await toCheckoutOrder(ctx, row)
  // A checkout is paid once, as a real provider's is: Pay pressed twice (two tabs, a double tap)
  // is one payment and one event, handled once.
  const paid = `${row.providerCheckoutRef ?? row.id}`
  if (outcome === 'succeed')
    await provider.send(checkout, 'payment.succeeded', `sbx_pay_${paid}`, { id: `evt_sbx_paid_${paid}` })
  if (outcome === 'decline') await provider.send(checkout, 'payment.failed', `sbx_pay_${crypto.randomUUID()}`)
  return { redirectTo: `${NEXT[outcome]}?order=${row.id}` }
}

/** An admin refunds a paid order in full through its provider; the provider's event does the rest. */
export async function refundOrder(ctx: AppContext, provider: PaymentProvider, id: string): Promise<Order> {
  const [row] = await ctx.db.select().from(order).where(eq(order.id, id))
  if (!row) throw notFound()
  if (row.status !== 'paid')
    throw new AppError('conflict', `Only a paid order can be refunded; this one is ${row.status}`)
  if (row.provider !== provider.name)
    throw new AppError('conflict', `This order was paid through ${row.provider}`)
  await provider.refund(await toCheckoutOrder(ctx, row))
  const [after] = await ctx.db.select().from(order).where(eq(order.id, id))
  return (await toOrders(ctx, [after]))[0]
}
