import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BookPage } from '#common/schemas/books.ts'
import { fakeCaches, keptPaths, stores } from '#web/test/fake-caches.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import {
  formatKeptSize,
  KeepError,
  keepBook,
  keptBooksToDrop,
  readKeptBooks,
  removeKeptBook,
  syncKeptBooks,
} from './kept-books.ts'
import { clearKept } from './kept-store.ts'
import { KEPT_CACHE, networkThenKept } from './kept-worker.ts'

const kept = () => keptPaths(KEPT_CACHE)
const origin = window.location.origin

const chapters = (n: number, free = 1) =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${i + 1}`,
    position: i + 1,
    title: `Chapter ${i + 1}`,
    wordCount: 100,
    preview: i < free,
  }))
const owned: BookPage = {
  id: 'b1',
  title: 'Tidal Atlas',
  subtitle: '',
  description: '',
  coverImage: '/api/files/images/cover.png',
  category: 'fiction',
  subjectSlug: null,
  language: 'en',
  price: 1299,
  currency: 'USD',
  previewChapters: 1,
  chapterCount: 3,
  wordCount: 300,
  publishedAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  status: 'published',
  rating: { average: 0, count: 0 },
  author: { id: 'writer-1', name: 'Grace Okafor', image: null, bio: '' },
  chapters: chapters(3),
  owned: true,
  readsAll: true,
  position: null,
}
const chapterBody = (id: string) => jsonResponse({ id, bodyHtml: `<p>${id} ${'words '.repeat(50)}</p>` })
const routesFor = (page: BookPage, overrides: Record<string, Response> = {}) => ({
  [`/api/books/${page.id}`]: jsonResponse(page),
  ...Object.fromEntries(
    page.chapters.map((c) => [`/api/books/${page.id}/chapters/${c.id}`, chapterBody(c.id)]),
  ),
  '/api/files/images/cover.png': new Response(new Uint8Array(2000), {
    headers: { 'content-type': 'image/png' },
  }),
  ...overrides,
})

beforeEach(() => {
  stores.clear()
  localStorage.clear()
  vi.stubGlobal('caches', fakeCaches)
})
afterEach(() => localStorage.clear())

describe('keepBook', () => {
  it('keeps an owned book under the addresses the reader asks for, and reports each chapter', async () => {
    stubFetch(routesFor(owned))
    const progress: string[] = []
    const book = await keepBook('b1', 'u1', (done, total) => progress.push(`${done}/${total}`))
    expect(progress).toEqual(['0/3', '3/3'])
    expect(kept().sort()).toEqual(
      [
        '/api/books/b1',
        '/api/books/b1/chapters/c1',
        '/api/books/b1/chapters/c2',
        '/api/books/b1/chapters/c3',
        '/api/files/images/cover.png',
        '/read/b1',
        '/read/b1?chapter=c1',
        '/read/b1?chapter=c2',
        '/read/b1?chapter=c3',
      ].sort(),
    )
    const stored = await stores.get(KEPT_CACHE)?.match(`${origin}/api/books/b1/chapters/c2`)
    expect(await stored?.json()).toMatchObject({ id: 'c2' })
    expect(book).toMatchObject({ id: 'b1', title: 'Tidal Atlas', userId: 'u1', chapters: 3 })
    expect(book.bytes).toBeGreaterThan(2000)
    expect(readKeptBooks()).toEqual([book])
  })

  it('keeps nothing of a book the reader does not own: no chapter is even asked for', async () => {
    const preview = { ...owned, owned: false, readsAll: false }
    const fetch = stubFetch(routesFor(preview))
    await expect(keepBook('b1', 'u1', () => {})).rejects.toThrow(
      'Only a book in your library can be kept offline',
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(kept()).toEqual([])
    expect(readKeptBooks()).toEqual([])
  })

  it('leaves nothing behind when a chapter is refused or the network drops midway', async () => {
    stubFetch(
      routesFor(owned, {
        '/api/books/b1/chapters/c3': errorResponse(
          403,
          'forbidden',
          'This chapter is not in the free preview',
        ),
      }),
    )
    const refused = await keepBook('b1', 'u1', () => {}).catch((e) => e)
    expect(refused).toBeInstanceOf(KeepError)
    expect(kept()).toEqual([])
    stubFetch({
      ...routesFor(owned),
      '/api/books/b1/chapters/c2': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(keepBook('b1', 'u1', () => {})).rejects.toThrow('check the connection')
    expect(kept()).toEqual([])
    expect(readKeptBooks()).toEqual([])
  })
})

describe('removing kept books', () => {
  it('removes one book’s addresses only, clears them all, and drops what is no longer owned', async () => {
    const other = { ...owned, id: 'b2', title: 'Quiet Sums', coverImage: null, chapters: chapters(1) }
    stubFetch({ ...routesFor(owned), ...routesFor(other) })
    await keepBook('b1', 'u1', () => {})
    await keepBook('b2', 'u1', () => {})
    await removeKeptBook('b1')
    expect(kept().sort()).toEqual([
      '/api/books/b2',
      '/api/books/b2/chapters/c1',
      '/read/b2',
      '/read/b2?chapter=c1',
    ])
    expect(readKeptBooks().map((b) => b.id)).toEqual(['b2'])

    // A refund: the library no longer has b2.
    expect(await syncKeptBooks('u1', async () => new Set(['b9']))).toBe(1)
    expect(kept()).toEqual([])
    expect(readKeptBooks()).toEqual([])

    await keepBook('b2', 'u1', () => {})
    await clearKept()
    expect(stores.has(KEPT_CACHE)).toBe(false)
    expect(readKeptBooks()).toEqual([])
  })

  it('drops books not owned any more, and every book kept by someone else', () => {
    const entry = (id: string, userId: string) => ({
      id,
      userId,
      title: id,
      chapters: 1,
      bytes: 1,
      keptAt: '',
      coverImage: null,
    })
    const list = [entry('a', 'u1'), entry('b', 'u1'), entry('c', 'u2')]
    expect(keptBooksToDrop(list, 'u1', new Set(['a', 'c'])).map((b) => b.id)).toEqual(['b', 'c'])
    expect(formatKeptSize(2_345_678)).toBe('2.3 MB')
    expect(formatKeptSize(1200)).toBe('0.1 MB')
  })
})

describe('the worker’s answer for a kept book', () => {
  const request = (path: string) => new Request(`${origin}${path}`)

  it('goes to the network first, and to the kept copy only when the network fails', async () => {
    stubFetch(routesFor(owned))
    await keepBook('b1', 'u1', () => {})
    stubFetch({ '/api/books/b1/chapters/c1': jsonResponse({ id: 'c1', bodyHtml: 'fresh' }) })
    expect(await (await networkThenKept(request('/api/books/b1/chapters/c1'))).json()).toMatchObject({
      bodyHtml: 'fresh',
    })
    // The fresh copy is the kept one now.
    stubFetch({ '/api/books/b1/chapters/c1': () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(await (await networkThenKept(request('/api/books/b1/chapters/c1'))).json()).toMatchObject({
      bodyHtml: 'fresh',
    })
    stubFetch({ '/api/books/b1': errorResponse(502, 'bad_gateway', 'Down') })
    expect((await networkThenKept(request('/api/books/b1'))).status).toBe(200)
  })

  it('leaves what was not kept to the network, even when it fails', async () => {
    stubFetch({ '/api/books/b7': () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(networkThenKept(request('/api/books/b7'))).rejects.toThrow('Failed to fetch')
    expect(kept()).toEqual([])
  })
})
