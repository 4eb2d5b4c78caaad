import { and, eq, lt, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { REFUNDS_OWED_ACCOUNT } from '#server/core/ledger/ledger.ts'
import { ledgerEntry, ledgerTransfer, order } from '#server/db/schema/index.ts'
import { type OwedRefund, refundOwed } from './fulfil.service.ts'
import { ITEM_KINDS } from './items.ts'
import type { PaymentProvider } from './provider.ts'

/** How long a second payment waits for its refund's event before housekeeping asks again. */
export const OWED_REFUND_RETRY_MS = 10 * 60 * 1000
const BATCH = 50

/**
 * Asks the provider again for the refund of each second payment (a `duplicate` transfer) whose
 * refund has not come back after OWED_REFUND_RETRY_MS (decision 040). Asking twice refunds once:
 * the sandbox's refund event has a fixed id and Stripe's request an idempotency key per payment.
 * Returns how many were asked for.
 */
export async function retryOwedRefunds(ctx: AppContext, provider: PaymentProvider): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - OWED_REFUND_RETRY_MS)
  const owed = await ctx.db
    .select({
      orderId: order.id,
      itemKind: order.itemKind,
      paymentRef: ledgerTransfer.paymentRef,
      amount: ledgerEntry.amount,
      currency: ledgerEntry.currency,
    })
    .from(ledgerTransfer)
    .innerJoin(
      ledgerEntry,
      and(eq(ledgerEntry.transferId, ledgerTransfer.id), eq(ledgerEntry.account, REFUNDS_OWED_ACCOUNT)),
    )
    .innerJoin(order, eq(order.id, ledgerTransfer.orderId))
    .where(
      and(
        eq(ledgerTransfer.kind, 'duplicate'),
        eq(ledgerTransfer.provider, provider.name),
        lt(ledgerTransfer.createdAt, before),
        sql`not exists (select 1 from ledger_transfer back where back.kind = 'duplicate_refund'
          and back.provider = ${ledgerTransfer.provider} and back.payment_ref = ${ledgerTransfer.paymentRef})`,
      ),
    )
    .orderBy(ledgerTransfer.createdAt)
    .limit(BATCH)
  for (const row of owed) {
    const payment: OwedRefund = {
      orderId: row.orderId,
      paymentRef: row.paymentRef,
      amount: row.amount,
      currency: row.currency,
      recurring: ITEM_KINDS[row.itemKind].recurring,
    }
    await refundOwed(ctx, provider, payment)
  }
  return owed.length
}
