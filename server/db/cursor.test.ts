import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors.ts'
import { afterCursor, decodeCursor, encodeCursor, toPage } from './cursor.ts'
import { user } from './schema/index.ts'

const at = (iso: string) => new Date(iso)

describe('encodeCursor / decodeCursor', () => {
  it('round-trips the timestamp (to the millisecond) and the id', () => {
    const createdAt = at('2026-05-06T07:08:09.123Z')
    const cursor = encodeCursor(createdAt, 'b1f8c7de-0000-4000-8000-000000000001')
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual({ createdAt, id: 'b1f8c7de-0000-4000-8000-000000000001' })
  })

  it.each([
    ['not base64 of anything useful', 'not-a-cursor'],
    ['an empty string', ''],
    ['a date without an id', Buffer.from('2026-05-06T07:08:09.123Z').toString('base64url')],
    ['an id without a valid date', Buffer.from('yesterday|some-id').toString('base64url')],
  ])('refuses %s with a 400 on the cursor field', (_, cursor) => {
    let error: unknown
    try {
      decodeCursor(cursor)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 400, code: 'bad_request', fields: { cursor: 'Invalid cursor' } })
  })
})

describe('afterCursor', () => {
  it('adds no condition for the first page', () => {
    expect(afterCursor(undefined, user.createdAt, user.id)).toBeUndefined()
  })

  it('refuses a broken cursor before any query runs', () => {
    expect(() => afterCursor('nope', user.createdAt, user.id)).toThrow(AppError)
  })
})

describe('toPage', () => {
  const rows = [
    { id: 'c', createdAt: at('2026-01-03T00:00:00Z') },
    { id: 'b', createdAt: at('2026-01-02T00:00:00Z') },
    { id: 'a', createdAt: at('2026-01-01T00:00:00Z') },
  ]

  it('with one row more than the limit, returns the limit and a cursor at its last item', () => {
    const page = toPage(rows, 2, (r) => r.id)
    expect(page.items).toEqual(['c', 'b'])
    expect(decodeCursor(page.nextCursor!)).toEqual({ id: 'b', createdAt: rows[1].createdAt })
  })

  it('without the extra row, it is the last page', () => {
    expect(toPage(rows, 3, (r) => r.id)).toEqual({ items: ['c', 'b', 'a'], nextCursor: null })
    expect(toPage([], 3, (r) => r)).toEqual({ items: [], nextCursor: null })
  })
})
