import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '#common/query-keys.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { type KeptBook, readKeptBooks } from './kept-books.ts'
import type { KeptPost } from './kept-posts.ts'
import { readKeptPosts } from './kept-posts.ts'
import { KEPT_BOOKS_KEY, KEPT_POSTS_KEY } from './kept-store.ts'
import { watchKept } from './kept-sync.ts'

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

const keptPost = (id: string, userId = 'u1'): KeptPost => ({
  id,
  userId,
  authorId: 'writer-1',
  slug: id,
  title: id,
  bytes: 10,
  keptAt: '2026-11-29T12:00:00.000Z',
  coverImage: null,
})
const readingListOf = (...items: Array<[string, boolean]>) =>
  jsonResponse({
    items: items.map(([id, readable]) => ({
      post: {
        id,
        category: 'fiction',
        subjectSlug: null,
        title: id,
        slug: id,
        excerpt: '',
        coverImage: null,
        tags: [],
        access: readable ? 'free' : 'subscribers',
        publishedAt: '2026-11-01T00:00:00.000Z',
        likes: 0,
        comments: 0,
        views: 0,
        author: { id: 'writer-1', name: 'Grace Okafor', image: null },
        featured: false,
      },
      savedAt: '2026-11-02T00:00:00.000Z',
      readable,
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
    stop = watchKept(queryClient)
    expect(fetch).not.toHaveBeenCalled()
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    await vi.waitFor(() => expect(readKeptBooks().map((b) => b.id)).toEqual(['b1']))
  })

  it('clears every kept book once the server says no one is signed in, even after the cache is cleared', async () => {
    stubFetch({ '/api/me/library': libraryOf('b1', 'b2') })
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    stop = watchKept(queryClient)
    await vi.waitFor(() => expect(readKeptBooks().map((b) => b.id)).toEqual(['b1', 'b2']))
    // Signing out: every query goes, and the session is read again.
    queryClient.clear()
    queryClient.setQueryData(queryKeys.authSession, session(null))
    await vi.waitFor(() => expect(readKeptBooks()).toEqual([]))
    expect(deleted).toEqual(['inkwell-kept'])
  })

  it('drops the saved posts no longer on the list, locked to the reader now, or kept by someone else', async () => {
    localStorage.removeItem(KEPT_BOOKS_KEY)
    localStorage.setItem(
      KEPT_POSTS_KEY,
      JSON.stringify([keptPost('p1'), keptPost('p2'), keptPost('p3'), keptPost('p4', 'u2')]),
    )
    // p2's subscription ended; p3 was taken off the list on another device.
    const fetch = stubFetch({
      '/api/me/reading-list': readingListOf(['p1', true], ['p2', false], ['p4', true]),
    })
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    stop = watchKept(queryClient)
    await vi.waitFor(() => expect(readKeptPosts().map((p) => p.id)).toEqual(['p1']))
    // Nothing kept of books: their library is not asked.
    expect(fetch.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual(['/api/me/reading-list'])
  })

  it('signing out clears saved posts with the books', async () => {
    localStorage.setItem(KEPT_POSTS_KEY, JSON.stringify([keptPost('p1')]))
    stubFetch({
      '/api/me/library': libraryOf('b1', 'b2'),
      '/api/me/reading-list': readingListOf(['p1', true]),
    })
    queryClient.setQueryData(queryKeys.authSession, session('u1'))
    stop = watchKept(queryClient)
    await vi.waitFor(() => expect(readKeptPosts().map((p) => p.id)).toEqual(['p1']))
    queryClient.clear()
    queryClient.setQueryData(queryKeys.authSession, session(null))
    await vi.waitFor(() => expect(readKeptPosts()).toEqual([]))
    expect(readKeptBooks()).toEqual([])
  })
})
