import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors.ts'
import { afterCursor, decodeCursor, decodeRankCursor, encodeCursor, toPage } from './cursor.ts'
import { post, user } from './schema/index.ts'

const at = (iso: string) => new Date(iso)
const POST_ID = 'b1f8c7de-0000-4000-8000-000000000001'
const made = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url')

const refusal = (run: () => unknown) => {
  let error: unknown
  try {
    run()
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ status: 400, code: 'bad_request', fields: { cursor: 'Invalid cursor' } })
}

describe('encodeCursor / decodeCursor', () => {
  it.each([
    ['a timestamp (to the millisecond)', at('2026-05-06T07:08:09.123Z')],
    ['an integer such as a score', 42],
    ['a zero score', 0],
    ['a string key, even with separators in it', 'écrit|par "moi"'],
  ])('round-trips %s and the id', (_, key) => {
    const cursor = encodeCursor(key, POST_ID)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual({ key, id: POST_ID })
  })

  it.each([
    ['not base64 of anything useful', 'not-a-cursor'],
    ['an empty string', ''],
    ['a date without an id', Buffer.from('["d","2026-05-06T07:08:09.123Z"]').toString('base64url')],
    ['an id without a valid date', Buffer.from('["d","yesterday","some-id"]').toString('base64url')],
    ['a fractional score', Buffer.from('["n",1.5,"some-id"]').toString('base64url')],
    ['an unknown kind of key', Buffer.from('["x","1","some-id"]').toString('base64url')],
    ['JSON that is not a cursor', Buffer.from('{"a":1}').toString('base64url')],
    // Hand-made cursors that PostgreSQL itself would fail on (each was a 500):
    ['year 0, which PostgreSQL has no name for', made('d', '0000-01-01T00:00:00.000Z', POST_ID)],
    ['a negative year', made('d', '-000001-01-01T00:00:00.000Z', POST_ID)],
    ['a date in another format', made('d', '2026-01-01', POST_ID)],
    ['an integer past the integer columns', made('n', 9007199254740991, POST_ID)],
    ['an integer below them', made('n', -(2 ** 31) - 1, POST_ID)],
    ['a NUL in a string key', made('s', 'a\u0000b', POST_ID)],
    ['a NUL in the id', made('s', 'a', 'id\u0000')],
    ['a very long key', made('s', 'x'.repeat(5000), POST_ID)],
  ])('refuses %s with a 400 on the cursor field', (_, cursor) => {
    refusal(() => decodeCursor(cursor))
  })
})

describe('afterCursor', () => {
  it('adds no condition for the first page', () => {
    expect(afterCursor(undefined, user.createdAt, user.id)).toBeUndefined()
  })

  it('refuses a broken cursor before any query runs', () => {
    expect(() => afterCursor('nope', user.createdAt, user.id)).toThrow(AppError)
  })

  it('accepts a key that fits its column', () => {
    expect(afterCursor(encodeCursor(7, POST_ID), post.score, post.id)).toBeDefined()
    expect(
      afterCursor(encodeCursor(at('2026-01-01T00:00:00Z'), 'any-text-id'), user.createdAt, user.id),
    ).toBeDefined()
  })

  it('refuses a cursor from another sort (its key does not fit the column)', () => {
    refusal(() => afterCursor(encodeCursor(7, POST_ID), post.publishedAt, post.id))
    refusal(() => afterCursor(encodeCursor(at('2026-01-01T00:00:00Z'), POST_ID), post.score, post.id))
  })

  it('refuses an id that is not a uuid for a uuid column (it would fail in the database)', () => {
    refusal(() => afterCursor(encodeCursor(7, 'not-a-uuid'), post.score, post.id))
  })
})

describe('toPage', () => {
  const rows = [
    { id: 'c', createdAt: at('2026-01-03T00:00:00Z'), score: 9 },
    { id: 'b', createdAt: at('2026-01-02T00:00:00Z'), score: 5 },
    { id: 'a', createdAt: at('2026-01-01T00:00:00Z'), score: 1 },
  ]

  it('with one row more than the limit, returns the limit and a cursor at its last item', () => {
    const page = toPage(rows, 2, (r) => r.id)
    expect(page.items).toEqual(['c', 'b'])
    expect(decodeCursor(page.nextCursor!)).toEqual({ id: 'b', key: rows[1].createdAt })
  })

  it('puts the cursor at the key keyOf gives', () => {
    const page = toPage(
      rows,
      1,
      (r) => r.id,
      (r) => r.score,
    )
    expect(decodeCursor(page.nextCursor!)).toEqual({ id: 'c', key: 9 })
  })

  it('without the extra row, it is the last page', () => {
    expect(toPage(rows, 3, (r) => r.id)).toEqual({ items: ['c', 'b', 'a'], nextCursor: null })
    expect(toPage([], 3, (r) => r)).toEqual({ items: [], nextCursor: null })
  })
})

describe('decodeRankCursor', () => {
  it('reads a rank and a uuid', () => {
    expect(decodeRankCursor(made('s', '0.607927', POST_ID))).toEqual({ rank: '0.607927', id: POST_ID })
  })

  it.each([
    ['a rank that is not a decimal', made('s', '1e9', POST_ID)],
    ['a rank of absurd length', made('s', '9'.repeat(200), POST_ID)],
    ['an id that is not a uuid', made('s', '0.5', 'nope')],
    ['a number key', made('n', 1, POST_ID)],
  ])('refuses %s', (_, cursor) => {
    refusal(() => decodeRankCursor(cursor))
  })
})
