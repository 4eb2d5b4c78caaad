import { sql } from 'drizzle-orm'
import { DEFAULT_CURRENCY } from '#common/constants.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { accountBalance, writerPendingAccount } from './ledger.ts'

// A writer's ledger accounts (decision 022). Each balance is a sum of entries; none is ever
// written below zero except `owed`, which holds a refund taken back after its net was released
// and paid out (a debt: zero or negative, netted first from what the writer earns next).

export const writerAccounts = (writerId: string) => ({
  pending: writerPendingAccount(writerId),
  available: `writer:${writerId}:available`,
  payoutPending: `writer:${writerId}:payout_pending`,
  owed: `writer:${writerId}:owed`,
})
export type WriterAccounts = ReturnType<typeof writerAccounts>

/** Where paid-out money goes: out of Inkwell, to the writers' banks. */
export const PAYOUTS_ACCOUNT = 'platform:payouts'
/** The provider name of the transfers Inkwell makes itself (releases, reclaims, payouts). */
export const INKWELL_PROVIDER = 'inkwell'

export const currencyOf = () => DEFAULT_CURRENCY

// pg_advisory_xact_lock(namespace, key): each writer's money moves one transaction at a time, so
// a balance read and the transfer written from it cannot interleave with another's.
const WRITER_LOCK_NAMESPACE = 727_100_015

/** Serializes every change to one writer's balances until the transaction ends. */
export async function lockWriter(tx: Tx, writerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITER_LOCK_NAMESPACE}, hashtext(${writerId}))`)
}

/**
 * Entries crediting `amount` to a writer: the debt in `owed` is paid off first, the rest becomes
 * available. Call it with the writer locked.
 */
export async function creditEntries(
  tx: Tx,
  accounts: WriterAccounts,
  currency: string,
  amount: number,
): Promise<Array<{ account: string; amount: number }>> {
  const debt = -(await accountBalance(tx, accounts.owed, currency))
  const settle = Math.min(Math.max(debt, 0), amount)
  return [
    { account: accounts.owed, amount: settle },
    { account: accounts.available, amount: amount - settle },
  ]
}

/** The writer's four balances, each an index-only sum. */
export async function writerBalances(db: Db | Tx, writerId: string, currency = currencyOf()) {
  const accounts = writerAccounts(writerId)
  const [pending, available, payoutPending, owed] = await Promise.all([
    accountBalance(db, accounts.pending, currency),
    accountBalance(db, accounts.available, currency),
    accountBalance(db, accounts.payoutPending, currency),
    accountBalance(db, accounts.owed, currency),
  ])
  return { pending, available, payoutPending, owed }
}
