import { type Column, type SQL, sql } from 'drizzle-orm'
import { AppError } from '#server/errors.ts'

// Keyset pagination on (key desc, id desc): the cost of a page never depends on its depth. The key
// is a time (created_at, published_at…), an integer (a score) or a string. The condition is a row
// comparison, which PostgreSQL answers by seeking the (key, id) index (an OR of two comparisons
// would make it walk every row above the cursor).
// A time key is a JavaScript Date (milliseconds), so a paged timestamp column must be
// timestamp(3): with PostgreSQL's default microseconds, rows sharing the cursor's millisecond but
// older than its row would be skipped.

export type CursorKey = Date | number | string

type Encoded = ['d', string, string] | ['n', number, string] | ['s', string, string]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// What a cursor we made can hold. Anything else is hand-made and must be refused before it
// reaches PostgreSQL, which would fail on it: a year outside 1–9999 (toISOString writes year 0 as
// "0000", which PostgreSQL has no name for), an integer past the integer columns' range, a NUL.
const ISO_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const INT_MIN = -(2 ** 31)
const INT_MAX = 2 ** 31 - 1
const TEXT_MAX = 300
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= TEXT_MAX && !CONTROL.test(value)

const invalid = () =>
  new AppError('bad_request', 'That page link is no longer valid', { cursor: 'Invalid cursor' })

export function encodeCursor(key: CursorKey, id: string): string {
  const encoded: Encoded =
    key instanceof Date
      ? ['d', key.toISOString(), id]
      : typeof key === 'number'
        ? ['n', key, id]
        : ['s', key, id]
  return Buffer.from(JSON.stringify(encoded)).toString('base64url')
}

function parse(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    throw invalid()
  }
}

export function decodeCursor(cursor: string): { key: CursorKey; id: string } {
  const value = parse(cursor)
  if (!Array.isArray(value) || value.length !== 3) throw invalid()
  const [kind, raw, id] = value as unknown[]
  if (!isText(id) || !id) throw invalid()
  if (kind === 'd' && typeof raw === 'string' && ISO_TIME.test(raw)) {
    const key = new Date(raw)
    if (Number.isNaN(key.getTime())) throw invalid()
    return { key, id }
  }
  // Integers only: the cursor is cast to the column's type, and scores are integer columns.
  if (kind === 'n' && Number.isInteger(raw) && (raw as number) >= INT_MIN && (raw as number) <= INT_MAX)
    return { key: raw as number, id }
  if (kind === 's' && isText(raw)) return { key: raw, id }
  throw invalid()
}

// Ranks go through numeric with fixed decimals, so a page's cursor compares exactly with the next
// page's ranks (a float would not survive the round trip).
const RANK = /^\d{1,12}(\.\d{1,12})?$/

/** A ranked search's cursor: the rank as a decimal string and the row's uuid. */
export function decodeRankCursor(cursor: string): { rank: string; id: string } {
  const { key, id } = decodeCursor(cursor)
  if (typeof key !== 'string' || !RANK.test(key) || !UUID.test(id)) throw invalid()
  return { rank: key, id }
}

/** Whether a decoded key fits the column it is compared with (a cursor from another sort does not). */
function fits(key: CursorKey, column: Column): boolean {
  if (column.dataType === 'date') return key instanceof Date
  if (column.dataType === 'number') return typeof key === 'number'
  return typeof key === 'string'
}

/**
 * Rows strictly beyond (key, id) in (key desc, id desc) order, or in (key asc, id asc) order. The
 * values are cast to the columns' own types so the comparison matches the index.
 */
export function beyondKey(
  key: CursorKey,
  id: string,
  keyCol: Column,
  idCol: Column,
  order: 'desc' | 'asc' = 'desc',
): SQL {
  const value = key instanceof Date ? key.toISOString() : key
  const row = sql`(${value}::${sql.raw(keyCol.getSQLType())}, ${id}::${sql.raw(idCol.getSQLType())})`
  return order === 'desc' ? sql`(${keyCol}, ${idCol}) < ${row}` : sql`(${keyCol}, ${idCol}) > ${row}`
}

/**
 * Rows strictly after the cursor: in (key desc, id desc) order by default (newest first), or in
 * (key asc, id asc) order for oldest-first lists such as comments and the review queue. A cursor
 * whose key does not fit the key column, or whose id is not a uuid for a uuid column, is a 400.
 */
export function afterCursor(
  cursor: string | undefined,
  keyCol: Column,
  idCol: Column,
  order: 'desc' | 'asc' = 'desc',
): SQL | undefined {
  if (!cursor) return undefined
  const { key, id } = decodeCursor(cursor)
  if (!fits(key, keyCol) || (idCol.getSQLType() === 'uuid' && !UUID.test(id))) throw invalid()
  return beyondKey(key, id, keyCol, idCol, order)
}

export interface Page<R> {
  items: R[]
  nextCursor: string | null
}

/**
 * Takes limit + 1 rows and turns them into a page. The cursor is at the last item's createdAt,
 * or at the key `keyOf` gives for lists on another key.
 */
export function toPage<T extends { createdAt: Date; id: string }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
): Page<R>
export function toPage<T extends { id: string }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
  keyOf: (row: T) => CursorKey,
): Page<R>
export function toPage<T extends { id: string; createdAt?: Date }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
  keyOf: (row: T) => CursorKey = (row) => row.createdAt as Date,
): Page<R> {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last), last.id) : null,
  }
}
