import { type Column, type SQL, sql } from 'drizzle-orm'
import { AppError } from '#server/errors.ts'

// Keyset pagination on (created_at desc, id desc): the cost of a page never depends on its depth.
// The condition is a row comparison, which PostgreSQL answers by seeking the (created_at, id)
// index (an OR of two comparisons would make it walk every row above the cursor).
// The cursor carries a JavaScript Date (milliseconds), so a paged created_at column must be
// timestamp(3): with PostgreSQL's default microseconds, rows sharing the cursor's millisecond but
// older than its row would be skipped.

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url')
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  const createdAt = new Date(iso)
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError('bad_request', 'That page link is no longer valid', { cursor: 'Invalid cursor' })
  }
  return { createdAt, id }
}

/**
 * Rows strictly after the cursor: in (time desc, id desc) order by default (newest first), or in
 * (time asc, id asc) order for oldest-first lists such as comments and the review queue.
 */
export function afterCursor(
  cursor: string | undefined,
  timeCol: Column,
  idCol: Column,
  order: 'desc' | 'asc' = 'desc',
): SQL | undefined {
  if (!cursor) return undefined
  const { createdAt, id } = decodeCursor(cursor)
  const key = sql`(${createdAt.toISOString()}::timestamptz, ${id})`
  return order === 'desc' ? sql`(${timeCol}, ${idCol}) < ${key}` : sql`(${timeCol}, ${idCol}) > ${key}`
}

/** Takes limit + 1 rows and turns them into a page. */
export function toPage<T extends { createdAt: Date; id: string }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
) {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  }
}
