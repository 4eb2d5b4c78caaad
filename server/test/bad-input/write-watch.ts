import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { changedTables, fingerprintTables, type TableFingerprint } from '#server/test/db-fingerprint.ts'

// Did a request write anything? PostgreSQL gives every transaction that writes a transaction id,
// and nothing else does: if the next id to be handed out is the same after a request as before,
// it wrote nothing (one cheap query per request, on both drivers). When it moved on a refused
// request, the tables' fingerprints say what changed: a write that rolled back uses an id too.

type Snapshot = Record<string, TableFingerprint>

export interface WriteWatch {
  /**
   * Sends `send` and says which tables it changed if it was refused (4xx) or failed (5xx).
   * `send` may run twice: when no fingerprint from just before it is at hand (an accepted request
   * wrote since the last one), a second identical request is measured instead, as a refused
   * request is refused the same way again.
   */
  check<R extends { statusCode: number }>(send: () => Promise<R>): Promise<{ res: R; changed: string[] }>
  /** Call after writing outside check() (signing an actor back in). */
  forget(): void
  stats: { fingerprints: number; resent: number }
}

/**
 * `settle` waits for what the app does after answering (a broadcast's delivery): it is the
 * request's own work, and it must be over before the next request is measured.
 */
export async function watchWrites(
  db: Db,
  ignore: readonly string[],
  settle: () => Promise<void> = async () => {},
): Promise<WriteWatch> {
  const stats = { fingerprints: 0, resent: 0 }
  const nextXid = async () =>
    (await db.execute<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)).rows[0]
      .x
  const fingerprint = () => {
    stats.fingerprints += 1
    return fingerprintTables(db)
  }
  let baseline: Snapshot = await fingerprint()
  let baselineXid: string | undefined = await nextXid()
  // The id after the last request: nothing runs between two requests but read-only queries.
  let last: string | undefined = baselineXid
  const refused = (status: number) => status >= 400

  return {
    stats,
    forget() {
      last = undefined
    },
    async check(send) {
      const before = last ?? (await nextXid())
      const res = await send()
      await settle()
      const after = await nextXid()
      last = after
      if (after === before || !refused(res.statusCode)) return { res, changed: [] }
      if (baselineXid === before) {
        const now = await fingerprint()
        const changed = changedTables(baseline, now, ignore)
        baseline = now
        baselineXid = after
        return { res, changed }
      }
      stats.resent += 1
      const first = await fingerprint()
      const again = await send()
      await settle()
      const now = await fingerprint()
      baseline = now
      baselineXid = last = await nextXid()
      if (!refused(again.statusCode)) return { res, changed: [] }
      return { res, changed: changedTables(first, now, ignore) }
    },
  }
}
