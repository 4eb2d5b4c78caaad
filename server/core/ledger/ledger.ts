import { and, eq, sql } from 'drizzle-orm'
import type { LedgerTransferKind } from '#common/schemas/payments.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { ledgerEntry, ledgerTransfer } from '#server/db/schema/index.ts'

// Double-entry and append-only (decision 019; the database refuses UPDATE and DELETE and checks at
// commit that each transfer's entries sum to zero). Balances are sums of entries by account.

export const BUYER_ACCOUNT = 'buyer:external'
export const FEES_ACCOUNT = 'platform:fees'
/** Second payments for what a buyer already had, until their refunds (decision 040). */
export const REFUNDS_OWED_ACCOUNT = 'platform:refunds-owed'
export const writerPendingAccount = (writerId: string) => `writer:${writerId}:pending`

/** The platform's share of `gross`: whole minor units, rounded down (the writer keeps the rest). */
export const feeOf = (gross: number, percent: number) => Math.floor((gross * percent) / 100)

interface TransferKey {
  kind: LedgerTransferKind
  provider: string
  paymentRef: string
  /** A transfer records an order's money or a payout request's (decision 022): one of the two. */
  orderId?: string | null
  payoutId?: string | null
}

/**
 * Writes a transfer and its entries, at most once per (provider, paymentRef, kind): unless one
 * exists. Returns whether it was written. Zero amounts are left out (a 0% fee is no entry).
 */
export async function writeTransfer(
  tx: Tx,
  key: TransferKey,
  currency: string,
  entries: Array<{ account: string; amount: number }>,
): Promise<boolean> {
  const [transfer] = await tx
    .insert(ledgerTransfer)
    .values({ ...key, orderId: key.orderId ?? null, payoutId: key.payoutId ?? null })
    .onConflictDoNothing({
      target: [ledgerTransfer.provider, ledgerTransfer.paymentRef, ledgerTransfer.kind],
    })
    .returning({ id: ledgerTransfer.id })
  if (!transfer) return false
  await tx
    .insert(ledgerEntry)
    .values(entries.filter((e) => e.amount !== 0).map((e) => ({ transferId: transfer.id, currency, ...e })))
  return true
}

/** A sale or renewal: the gross from the buyer, the platform's fee, the writer's net into pending. */
export function writeSale(
  tx: Tx,
  key: TransferKey & { kind: 'sale' | 'renewal'; orderId: string },
  sale: { gross: number; currency: string; writerId: string; feePercent: number },
): Promise<boolean> {
  const fee = feeOf(sale.gross, sale.feePercent)
  return writeTransfer(tx, key, sale.currency, [
    { account: BUYER_ACCOUNT, amount: -sale.gross },
    { account: FEES_ACCOUNT, amount: fee },
    { account: writerPendingAccount(sale.writerId), amount: sale.gross - fee },
  ])
}

/** The exact reverse of the sale transfer of (provider, paymentRef), as a `refund` transfer. */
export async function writeRefund(
  tx: Tx,
  key: Omit<TransferKey, 'kind'> & { orderId: string },
): Promise<boolean> {
  const entries = await transferEntries(tx, key.provider, key.paymentRef, 'sale')
  if (entries.length === 0) return false
  return writeTransfer(
    tx,
    { ...key, kind: 'refund' },
    entries[0].currency,
    entries.map((e) => ({ account: e.account, amount: -e.amount })),
  )
}

/** A second payment: from the buyer into refunds owed, once per (provider, paymentRef). No writer's. */
export const writeDuplicate = (
  tx: Tx,
  key: Omit<TransferKey, 'kind'> & { orderId: string },
  payment: { amount: number; currency: string },
) =>
  writeTransfer(tx, { ...key, kind: 'duplicate' }, payment.currency, [
    { account: BUYER_ACCOUNT, amount: -payment.amount },
    { account: REFUNDS_OWED_ACCOUNT, amount: payment.amount },
  ])

/**
 * The refund of a second payment: the exact reverse of its `duplicate` transfer, once. False when
 * (provider, paymentRef) was no second payment.
 */
export async function writeDuplicateRefund(
  tx: Tx,
  key: Omit<TransferKey, 'kind'> & { orderId: string },
): Promise<boolean> {
  const entries = await transferEntries(tx, key.provider, key.paymentRef, 'duplicate')
  if (entries.length === 0) return false
  await writeTransfer(
    tx,
    { ...key, kind: 'duplicate_refund' },
    entries[0].currency,
    entries.map((e) => ({ account: e.account, amount: -e.amount })),
  )
  return true
}

/** The entries of the transfer of one kind for (provider, paymentRef). */
const transferEntries = (tx: Tx, provider: string, paymentRef: string, kind: LedgerTransferKind) =>
  tx
    .select({ account: ledgerEntry.account, amount: ledgerEntry.amount, currency: ledgerEntry.currency })
    .from(ledgerEntry)
    .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
    .where(
      and(
        eq(ledgerTransfer.provider, provider),
        eq(ledgerTransfer.paymentRef, paymentRef),
        eq(ledgerTransfer.kind, kind),
      ),
    )

/** An account's balance in minor units, per currency (an index-only scan of ledger_entry_account_idx). */
export async function accountBalance(db: Db | Tx, account: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)` })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.account, account), eq(ledgerEntry.currency, currency)))
  return Number(row.total)
}

/** What the writer has earned and not yet been paid out (pending), in minor units. */
export const writerBalance = (db: Db | Tx, writerId: string, currency = 'USD') =>
  accountBalance(db, writerPendingAccount(writerId), currency)
