import { randomUUID } from 'node:crypto'
import { INKWELL_PROVIDER, writerAccounts } from '#server/core/ledger/accounts.ts'
import { BUYER_ACCOUNT, FEES_ACCOUNT, feeOf } from '#server/core/ledger/ledger.ts'
import type { ledgerEntry, ledgerTransfer } from '#server/db/schema/index.ts'

// The demo history's building blocks: a fixed-seed generator, believable moments, and the ledger
// built in memory (transfers and entries with the exact shapes fulfilment, the release job and
// the payouts write, dated), then inserted in bulk by seed/history.ts.

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
export const CURRENCY = 'USD'

/** mulberry32: a small generator with a fixed seed, so every seed draws the same history. */
export function generator(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * A moment between `from` and `to` (epoch ms), more likely the later it is (the writer's
 * readership grows), less likely on a weekend, at a daytime hour.
 */
export function momentBetween(random: () => number, from: number, to: number): number {
  // A span too short to hold a daytime hour gets its middle.
  for (let tries = 0; tries < 50; tries++) {
    // Density rising linearly from 0.35 to 1 across the span (inverse CDF of a + (1 - a) x).
    const a = 0.35
    const u = random()
    const x = (-a + Math.sqrt(a * a + (1 - a) * (1 + a) * u)) / (1 - a)
    const at = from + Math.min(Math.max(x, 0), 1) * (to - from)
    const day = new Date(at).getUTCDay()
    if ((day === 0 || day === 6) && random() < 0.45) continue
    const midnight = Math.floor(at / DAY) * DAY
    const moment = midnight + (8 + Math.floor(random() * 14)) * HOUR + Math.floor(random() * 60) * MINUTE
    if (moment > from && moment < to) return moment
  }
  return Math.floor((from + to) / 2)
}

export interface Ledger {
  transfers: (typeof ledgerTransfer.$inferInsert)[]
  entries: (typeof ledgerEntry.$inferInsert)[]
}

export function transfer(
  ledger: Ledger,
  key: { kind: string; provider: string; paymentRef: string; orderId?: string; payoutId?: string },
  at: number,
  entries: Array<{ account: string; amount: number }>,
): string {
  const id = randomUUID()
  const createdAt = new Date(at)
  ledger.transfers.push({
    id,
    kind: key.kind as (typeof ledgerTransfer.$inferInsert)['kind'],
    provider: key.provider,
    paymentRef: key.paymentRef,
    orderId: key.orderId ?? null,
    payoutId: key.payoutId ?? null,
    createdAt,
  })
  for (const e of entries) {
    if (e.amount !== 0) ledger.entries.push({ transferId: id, currency: CURRENCY, createdAt, ...e })
  }
  return id
}

/** A sale's or renewal's net into pending, as writeSale writes it; its release once the window passed. */
export function earning(
  ledger: Ledger,
  key: { kind: 'sale' | 'renewal'; paymentRef: string; orderId: string },
  at: number,
  sale: {
    gross: number
    writerId: string
    feePercent: number
    now: number
    windowDays: number
    refunded?: boolean
  },
) {
  const fee = feeOf(sale.gross, sale.feePercent)
  const net = sale.gross - fee
  const accounts = writerAccounts(sale.writerId)
  const id = transfer(ledger, { ...key, provider: 'sandbox' }, at, [
    { account: BUYER_ACCOUNT, amount: -sale.gross },
    { account: FEES_ACCOUNT, amount: fee },
    { account: accounts.pending, amount: net },
  ])
  const due = at + sale.windowDays * DAY
  if (sale.refunded || due > sale.now - MINUTE) return
  // The housekeeping run after the window: releaseOne's transfer (no debt in owed to pay off).
  transfer(
    ledger,
    { kind: 'release', provider: INKWELL_PROVIDER, paymentRef: id, orderId: key.orderId },
    Math.min(due + 2 * HOUR, sale.now - MINUTE),
    [
      { account: accounts.pending, amount: -net },
      { account: accounts.available, amount: net },
    ],
  )
}

/** Each writer account's balance at `at`, from the entries written so far. */
export function balanceAt(ledger: Ledger, account: string, at: number): number {
  return ledger.entries
    .filter((e) => e.account === account && (e.createdAt as Date).getTime() <= at)
    .reduce((sum, e) => sum + e.amount, 0)
}

/**
 * The writer accounts the app keeps non-negative (pending, available, payout_pending) never dip
 * below zero at any moment of the history: a mistake here is the seed's, so it stops the seed.
 */
export function assertNeverNegative(ledger: Ledger, writerIds: string[]) {
  for (const writerId of writerIds) {
    const { pending, available, payoutPending } = writerAccounts(writerId)
    for (const account of [pending, available, payoutPending]) {
      const moves = ledger.entries
        .filter((e) => e.account === account)
        .sort(
          (a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime() || b.amount - a.amount,
        )
      let balance = 0
      for (const e of moves) {
        balance += e.amount
        if (balance < 0) throw new Error(`seedHistory: ${account} would go below zero`)
      }
    }
  }
}
