import { bookPath, readPath } from '#common/paths.ts'
import type { BookPage } from '#common/schemas/books.ts'
import { KEPT_BOOKS_KEY, markKeptPage, readKept, storeKept, writeKept } from './kept-store.ts'
import { KEPT_CACHE } from './kept-worker.ts'

// Keep offline (decision 056): a book the reader owns, stored on this device. Its page, every
// chapter and the cover go into Cache Storage under the very API addresses the reader asks for, so
// the service worker answers them when the network is gone; the book's own addresses (/read/…)
// are marked there too, so an offline visit gets the app, not the offline page. A small index in
// localStorage says which books are kept, whose, and how much they take.

/** Chapters fetched at once while keeping: quick, without flooding the server. */
const PARALLEL_FETCHES = 4

export interface KeptBook {
  id: string
  title: string
  /** Who kept it: another person signing in here does not read it. */
  userId: string
  chapters: number
  bytes: number
  keptAt: string
  coverImage: string | null
}

export const readKeptBooks = () => readKept<KeptBook>(KEPT_BOOKS_KEY)
const writeKeptBooks = (kept: KeptBook[]) => writeKept(KEPT_BOOKS_KEY, kept)

/** The kept books to drop: those no longer in `owned` (a refund), and all of them for someone else. */
export const keptBooksToDrop = (kept: KeptBook[], userId: string, owned: ReadonlySet<string>) =>
  kept.filter((b) => b.userId !== userId || !owned.has(b.id))

const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
/** "2.3 MB"; under a tenth of a megabyte, "0.1 MB". */
export const formatKeptSize = (bytes: number) => megabytes.format(Math.max(0.1, bytes / 1_000_000))

const apiBook = (bookId: string) => `/api/books/${encodeURIComponent(bookId)}`
const apiChapter = (bookId: string, chapterId: string) =>
  `${apiBook(bookId)}/chapters/${encodeURIComponent(chapterId)}`

/** Every address a kept book answers at: its API reads, and its pages (a marker for the worker). */
function addressesOf(book: Pick<BookPage, 'id' | 'chapters'>, coverImage: string | null) {
  const origin = window.location.origin
  const api = [apiBook(book.id), ...book.chapters.map((c) => apiChapter(book.id, c.id))]
  if (coverImage?.startsWith('/')) api.push(coverImage)
  const pages = [bookPath(book.id), ...book.chapters.map((c) => readPath(book.id, c.id))]
  return { api: api.map((a) => origin + a), pages: pages.map((p) => origin + p) }
}

async function fetchForKeeping(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' })
  if (!response.ok) throw new KeepError(response.status)
  return response
}

/** Why a book could not be kept, for the reader. */
export class KeepError extends Error {
  constructor(readonly status: number | null) {
    super(
      status === 401
        ? 'Sign in again to keep this book offline'
        : status === 403 || status === 404
          ? 'Only a book in your library can be kept offline'
          : 'The book could not be kept: check the connection and try again',
    )
  }
}

/**
 * Keeps the book `bookId` for `userId`: only what the server sends this reader, and only a book
 * they own (a preview is never kept). Reports each chapter kept; on any failure nothing of the
 * book stays behind.
 */
export async function keepBook(
  bookId: string,
  userId: string,
  onProgress: (done: number, total: number) => void,
): Promise<KeptBook> {
  const cache = await caches.open(KEPT_CACHE)
  const pageResponse = await fetchForKeeping(window.location.origin + apiBook(bookId)).catch((e) => {
    throw e instanceof KeepError ? e : new KeepError(null)
  })
  const page: BookPage = await pageResponse.clone().json()
  if (!page.owned) throw new KeepError(403)
  const { api, pages } = addressesOf(page, page.coverImage)
  const [pageUrl, ...rest] = api
  try {
    let bytes = await storeKept(cache, pageUrl, pageResponse)
    let done = 0
    onProgress(done, page.chapters.length)
    for (let i = 0; i < rest.length; i += PARALLEL_FETCHES) {
      const batch = rest.slice(i, i + PARALLEL_FETCHES)
      // Every fetch of the batch settles before a failure is thrown, so none is stored after the cleanup.
      const sizes = await Promise.allSettled(
        batch.map(async (url) => storeKept(cache, url, await fetchForKeeping(url))),
      )
      for (const size of sizes) {
        if (size.status === 'rejected') throw size.reason
        bytes += size.value
      }
      done = Math.min(page.chapters.length, done + batch.length)
      onProgress(done, page.chapters.length)
    }
    await Promise.all(pages.map((p) => markKeptPage(cache, p)))
    const kept: KeptBook = {
      id: page.id,
      title: page.title,
      userId,
      chapters: page.chapters.length,
      bytes,
      keptAt: new Date().toISOString(),
      coverImage: page.coverImage,
    }
    writeKeptBooks([...readKeptBooks().filter((b) => b.id !== page.id), kept])
    return kept
  } catch (error) {
    await Promise.all([...api, ...pages].map((url) => cache.delete(url)))
    throw error instanceof KeepError ? error : new KeepError(null)
  }
}

/** Removes one kept book from the device: every address it was kept under, and its index entry. */
export async function removeKeptBook(bookId: string): Promise<void> {
  const entry = readKeptBooks().find((b) => b.id === bookId)
  const cache = await caches.open(KEPT_CACHE)
  const origin = window.location.origin
  const prefixes = [`${origin}${apiBook(bookId)}`, `${origin}${bookPath(bookId)}`]
  const cover = entry?.coverImage ? origin + entry.coverImage : null
  for (const request of await cache.keys()) {
    const url = request.url
    const own = prefixes.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))
    if (own || url === cover) await cache.delete(request)
  }
  writeKeptBooks(readKeptBooks().filter((b) => b.id !== bookId))
}

/**
 * On start and when the network returns: books no longer owned by `userId` (a refund), or kept by
 * someone else, leave the device. `ownedIds` reads the reader's library.
 */
export async function syncKeptBooks(userId: string, ownedIds: () => Promise<Set<string>>): Promise<number> {
  const kept = readKeptBooks()
  if (!kept.length) return 0
  const drop = keptBooksToDrop(kept, userId, await ownedIds())
  for (const book of drop) await removeKeptBook(book.id)
  return drop.length
}
