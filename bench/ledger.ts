import { sql } from 'drizzle-orm'
import { writerPendingAccount } from '#server/core/ledger/ledger.ts'
import type { Database } from '#server/db/client.ts'
import { int } from './report.ts'

// A large ledger in bulk, for the suites that read it (payments: writerBalance; overview: the
// earnings page): balanced 3-entry `sale` transfers (the buyer −500, fees +50, a writer +450),
// most to 5,000 filler writers, every 100th to one "busy" writer, so that writer's own entries
// grow with the ledger (1% of transfers) while everyone else's stay fixed.

/** Each filler sale: what the buyer paid, the platform's fee, the writer's net (minor units). */
export const FILLER_SALE = { gross: 500, fee: 50, net: 450 }

/** Entries per INSERT statement (one transaction each: the balance triggers check at its commit). */
const BATCH_ENTRIES = 150_000

export interface LedgerFiller {
  /** Grows the ledger to at least `target` entries, then VACUUM ANALYZE; the seconds it took. */
  fillTo(target: number): Promise<number>
  /** Entries in the ledger now. */
  readonly filled: number
}

/**
 * `busyWriterId` receives every 100th transfer; `fixedWriterId`, if given, the first `fixedSales`
 * transfers instead (and no more, however large the ledger grows). With `spreadDays`, transfers
 * are dated over that many past days (for pages that read by date); without, they are dated now.
 */
export async function ledgerFiller(
  db: Database['db'],
  progress: (line: string) => void,
  {
    busyWriterId,
    spreadDays = 0,
    fixedWriterId,
    fixedSales = 0,
  }: { busyWriterId: string; spreadDays?: number; fixedWriterId?: string; fixedSales?: number },
): Promise<LedgerFiller> {
  let filled = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entry`)).rows[0].n
  let nextRef = 0
  const busy = writerPendingAccount(busyWriterId)
  const fixed = fixedWriterId ? writerPendingAccount(fixedWriterId) : busy
  return {
    get filled() {
      return filled
    },
    async fillTo(target) {
      const started = performance.now()
      while (filled < target) {
        const transfers = Math.max(1, Math.min(BATCH_ENTRIES, target - filled) / 3) | 0
        const from = nextRef
        nextRef += transfers
        await db.transaction(async (tx) => {
          await tx.execute(sql`with t as (
              insert into ledger_transfer (kind, provider, payment_ref, order_id, created_at)
              select 'sale', 'bench', 'bench_' || g, gen_random_uuid(),
                now() - ((g::bigint * 7919) % greatest(${spreadDays}::int, 1))::int * interval '1 day' * sign(${spreadDays}::int)
                  - (g % 86400) * interval '1 second' * sign(${spreadDays}::int)
              from generate_series(${from}::int, ${nextRef - 1}::int) g
              returning id, payment_ref, created_at)
            insert into ledger_entry (transfer_id, account, amount, currency, created_at)
            select t.id, e.account, e.amount, 'USD', t.created_at
            from t, lateral (values
              ('buyer:external', ${-FILLER_SALE.gross}::int),
              ('platform:fees', ${FILLER_SALE.fee}::int),
              (case when substr(t.payment_ref, 7)::int < ${fixedSales}::int then ${fixed}
                when substr(t.payment_ref, 7)::int % 100 = 0 then ${busy}
                else 'writer:filler-' || (substr(t.payment_ref, 7)::int % 5000) || ':pending' end, ${FILLER_SALE.net}::int)
            ) e(account, amount)`)
        })
        filled += transfers * 3
        progress(`  ledger: ${int(filled)} entries`)
      }
      await db.execute(sql`vacuum analyze ledger_transfer`)
      await db.execute(sql`vacuum analyze ledger_entry`)
      return (performance.now() - started) / 1000
    },
  }
}
