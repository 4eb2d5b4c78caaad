import { and, eq, like, sql } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ledgerEntry, ledgerTransfer } from '#server/db/schema/index.ts'
import { creditEntries, INKWELL_PROVIDER, lockWriter, writerAccounts } from './accounts.ts'
import { accountBalance, writeTransfer } from './ledger.ts'

// Pending → available (decision 022). A sale's or renewal's net waits in `writer:<id>:pending`
// for the refund window; then housekeeping writes ONE `release` transfer for it (unique
// (inkwell, <source transfer id>, release)), so racing runs in several processes release it once.
// A sale refunded inside the window is never released. A refund that lands after the release
// takes the net back by a `reclaim` transfer: from available as far as it goes, the rest as a debt
// in `owed`, paid off first by the next release or returned payout.

const DAY_MS = 86_400_000
/** Releases per housekeeping run; the next run takes the rest. */
const RELEASE_BATCH = 500
/**
 * Where this process's last complete scan reached, so each run walks only the sales that came of
 * age since, not every sale ever released. A day of slack covers a sale whose transaction started
 * (its created_at) before the mark and committed after the scan. A new process starts with a full
 * scan, so nothing is ever missed for long; it only saves work.
 */
const scannedThrough = new WeakMap<AppContext, Date>()
const SCAN_SLACK_MS = DAY_MS

interface Candidate {
  [key: string]: unknown
  id: string
  order_id: string | null
  created_at: string | Date
  account: string
  amount: number
  currency: string
}

/** Releases every sale and renewal whose window has passed. Returns how many it released. */
export async function releaseEarnings(ctx: AppContext, batch = RELEASE_BATCH): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.payments.refundWindowDays * DAY_MS)
  const mark = scannedThrough.get(ctx)
  const from = mark ? new Date(Math.min(mark.getTime(), cutoff.getTime()) - SCAN_SLACK_MS) : new Date(0)
  // Oldest first through ledger_transfer_earning_created_idx; each probe of the two NOT EXISTS is
  // one read of the unique (provider, payment_ref, kind) index.
  const { rows } = await ctx.db.execute<Candidate>(sql`
    select t.id, t.order_id, t.created_at, e.account, e.amount, e.currency
    from ledger_transfer t
    join ledger_entry e on e.transfer_id = t.id and e.account like 'writer:%:pending'
    where t.kind in ('sale', 'renewal') and t.created_at <= ${cutoff.toISOString()}::timestamptz
      and t.created_at > ${from.toISOString()}::timestamptz
      and not exists (select 1 from ledger_transfer r
        where r.provider = ${INKWELL_PROVIDER} and r.payment_ref = t.id::text and r.kind = 'release')
      and not exists (select 1 from ledger_transfer f
        where f.provider = t.provider and f.payment_ref = t.payment_ref and f.kind = 'refund')
    order by t.created_at, t.id
    limit ${batch}`)
  let released = 0
  for (const row of rows) {
    if (await releaseOne(ctx, row)) released += 1
  }
  // Everything up to the last candidate is handled (released, or refunded and skipped).
  const last = rows.at(-1)
  scannedThrough.set(ctx, rows.length === batch && last ? new Date(last.created_at) : cutoff)
  return released
}

async function releaseOne(ctx: AppContext, source: Candidate): Promise<boolean> {
  const writerId = source.account.slice('writer:'.length, -':pending'.length)
  return ctx.db.transaction(async (tx) => {
    await lockWriter(tx, writerId)
    // Checked again under the lock: a refund committed since the candidates were read wins.
    const [sale] = await tx
      .select({ provider: ledgerTransfer.provider, paymentRef: ledgerTransfer.paymentRef })
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.id, source.id))
    if (await hasTransfer(tx, sale.provider, sale.paymentRef, 'refund')) return false
    if (await hasTransfer(tx, INKWELL_PROVIDER, source.id, 'release')) return false
    const accounts = writerAccounts(writerId)
    const amount = Number(source.amount)
    return writeTransfer(
      tx,
      { kind: 'release', provider: INKWELL_PROVIDER, paymentRef: source.id, orderId: source.order_id },
      source.currency,
      [
        { account: accounts.pending, amount: -amount },
        ...(await creditEntries(tx, accounts, source.currency, amount)),
      ],
    )
  })
}

/**
 * After a sale's refund (in the refund's transaction): if the sale's net had been released, take
 * it back out of available (and what available lacks, into owed), so pending is whole again.
 */
export async function reclaimReleased(tx: Tx, provider: string, paymentRef: string): Promise<boolean> {
  const [sale] = await tx
    .select({ id: ledgerTransfer.id, orderId: ledgerTransfer.orderId })
    .from(ledgerTransfer)
    .where(
      and(
        eq(ledgerTransfer.provider, provider),
        eq(ledgerTransfer.paymentRef, paymentRef),
        eq(ledgerTransfer.kind, 'sale'),
      ),
    )
  if (!sale) return false
  const [net] = await tx
    .select({ account: ledgerEntry.account, amount: ledgerEntry.amount, currency: ledgerEntry.currency })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.transferId, sale.id), like(ledgerEntry.account, 'writer:%:pending')))
  if (!net) return false
  const writerId = net.account.slice('writer:'.length, -':pending'.length)
  // The release and this check take turns on the writer's lock: whichever commits first, the
  // other sees it (the release skips a refunded sale; the reclaim follows a release).
  await lockWriter(tx, writerId)
  if (!(await hasTransfer(tx, INKWELL_PROVIDER, sale.id, 'release'))) return false
  const accounts = writerAccounts(writerId)
  const available = await accountBalance(tx, accounts.available, net.currency)
  const take = Math.min(net.amount, Math.max(available, 0))
  return writeTransfer(
    tx,
    { kind: 'reclaim', provider: INKWELL_PROVIDER, paymentRef: sale.id, orderId: sale.orderId },
    net.currency,
    [
      { account: accounts.pending, amount: net.amount },
      { account: accounts.available, amount: -take },
      { account: accounts.owed, amount: -(net.amount - take) },
    ],
  )
}

async function hasTransfer(tx: Tx, provider: string, paymentRef: string, kind: 'refund' | 'release') {
  const [row] = await tx
    .select({ id: ledgerTransfer.id })
    .from(ledgerTransfer)
    .where(
      and(
        eq(ledgerTransfer.provider, provider),
        eq(ledgerTransfer.paymentRef, paymentRef),
        eq(ledgerTransfer.kind, kind),
      ),
    )
  return Boolean(row)
}
