import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '#common/query-keys.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { KEPT_BOOKS_KEY, type KeptBook, readKeptBooks } from './kept-books.ts'
import { watchKeptBooks } from './kept-books-sync.ts'

const entry = (id: string, userId = 'u1'): KeptBook => ({
  id,
  userId,
  title: id,
  chapters: 1,
  bytes: 10,
  keptAt: '2026-11-29T12:00:00.000Z',
  coverImage: null,
})
const session = (id: string | null) =>
  id ? { user: { id, name: 'Tomas', email: 't@inkwell.test', emailVerified: true }, session: {} } : null
const card = (id: string) => ({
  id,
  title: id,
  subtitle: '',
  coverImage: null,
  category: 'fiction',
  subjectSlug: null,
  language: 'en',
  price: 0,
  currency: 'USD',
  previewChapters: 1,
  chapterCount: 1,
  wordCount: 100,
  publishedAt: null,
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
  rating: { average: 0, count: 0 },
})
const libraryOf = (...ids: string[]) =>
  jsonResponse({
    items: ids.map((id) => ({
      book: card(id),
      acquiredAt: '2026-11-01T00:00:00.000Z',
      position: null,
      chapter: null,
      through: null,
    })),
    nextCursor: null,
  })

let queryClient: QueryClient
let stop: () => void
const deleted: string[] = []

beforeEach(() => {
  localStorage.clear()
  deleted.length = 0
  queryClient = new QueryClient()
  // No book's addresses matter here: what is deleted from the cache is the index's business.
  vi.stubGlobal('caches', {
    open: async () => ({ keys: async () => [], delete: async () => true }),
    delete: async (name: string) => deleted.push(name),
  })
  localStorage.setItem(KEPT_BOOKS_KEY, JSON.stringify([entry('b1'), entry('b2'), entry('b3', 'u2')]))
})
afterEach(() => {
  stop?.()
  localStorage.clear()
})

describe('kept books follow the session', () => {
  it('waits while the session is unknown (offline), then drops what the reader no longer owns and anyone else’s', async () => {
    const fetch = stubFetch({ '/api/me/library': libraryOf('b1') })
    stop = watchKeptBooks(queryClient)
    expect(fetch).not.toHaveBeenCalled()
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    await vi.waitFor(() => expect(readKeptBooks().map((b) => b.id)).toEqual(['b1']))
  })

  it('clears every kept book once the server says no one is signed in, even after the cache is cleared', async () => {
    stubFetch({ '/api/me/library': libraryOf('b1', 'b2') })
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    stop = watchKeptBooks(queryClient)
    await vi.waitFor(() => expect(readKeptBooks().map((b) => b.id)).toEqual(['b1', 'b2']))
    // Signing out: every query goes, and the session is read again.
    queryClient.clear()
    queryClient.setQueryData(queryKeys.authSession, session(null))
    await vi.waitFor(() => expect(readKeptBooks()).toEqual([]))
    expect(deleted).toEqual(['inkwell-kept'])
  })
})
