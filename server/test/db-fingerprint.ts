import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'

export type TableFingerprint = {
  rows: number
  /** md5 of the table's rows as text, in a fixed order: any insert, update or delete changes it. */
  hash: string
}

/**
 * Every table of the public schema, its row count and a hash of its contents, in one query.
 * Counts alone miss updates; the hash catches them on both drivers (PGlite keeps no reliable
 * n_tup_* statistics). Test databases are small, so hashing every row stays cheap.
 */
export async function fingerprintTables(db: Db): Promise<Record<string, TableFingerprint>> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`)
  const parts = tables.rows.map(
    ({ name }) => sql`select ${name} as name, count(*)::int as rows,
      md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash
      from ${sql.identifier(name)} x`,
  )
  const result = await db.execute<{ name: string } & TableFingerprint>(sql.join(parts, sql` union all `))
  return Object.fromEntries(result.rows.map(({ name, rows, hash }) => [name, { rows, hash }]))
}

/** The tables whose fingerprints differ between two snapshots. */
export function changedTables(
  before: Record<string, TableFingerprint>,
  after: Record<string, TableFingerprint>,
  ignore: readonly string[] = [],
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names]
    .filter((name) => !ignore.includes(name))
    .filter((name) => before[name]?.hash !== after[name]?.hash || before[name]?.rows !== after[name]?.rows)
    .sort()
}
