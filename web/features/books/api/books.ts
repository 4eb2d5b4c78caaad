import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReaderReviewInput } from '#common/schemas/book-reviews.ts'
import type { BookPage, ReadingPosition, ReadingPositionInput } from '#common/schemas/books.ts'
import { ApiError, api, schemasOf } from '#web/lib/api-client.ts'
import {
  queuePosition,
  readUnsentPositions,
  settlePosition,
  type TimedPosition,
} from '../lib/position-queue.ts'
import { bookApiPath, bookKeys, bookQueries } from './book-queries.ts'

const books = schemasOf(() => import('#common/schemas/books.ts'))
const reviews = schemasOf(() => import('#common/schemas/book-reviews.ts'))
const payments = schemasOf(() => import('#common/schemas/payments.ts'))
const fields = schemasOf(() => import('#common/schemas/fields.ts'))

// What readers do in the Books Store: buy a book or add a free one, keep their place, and rate and
// review it. What they read is in book-queries.ts.

export const isLockedError = (error: unknown) => error instanceof ApiError && error.status === 403

/** Buying a book starts as an order the server prices; the buyer then reviews and pays it. */
export function useCreateBookOrder(bookId: string) {
  return useMutation({
    mutationFn: () =>
      api(
        '/api/orders',
        payments((m) => m.Order),
        { body: { kind: 'book', bookId } },
      ),
  })
}

/** POST /api/books/:id/library: a free book joins the reader's library at once. */
export function useAddToLibrary(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api(
        `${bookApiPath(bookId)}/library`,
        books((m) => m.LibraryState),
        { method: 'POST' },
      ),
    onSuccess: () => {
      queryClient.setQueryData<BookPage>(bookQueries.detail(bookId).queryKey, (book) =>
        book ? { ...book, owned: true, readsAll: true } : book,
      )
      void queryClient.invalidateQueries({ queryKey: bookQueries.detail(bookId).queryKey })
      void queryClient.invalidateQueries({ queryKey: bookKeys.library })
    },
  })
}

/**
 * PUT /api/books/:id/position, with when the reader was there. With `keepalive` the request outlives
 * the page (sent while it is being hidden or closed), so it goes through fetch directly. A place
 * that could not be kept is not worth interrupting the reader for: the next one is sent seconds
 * later. Without a network the place waits in the queue (lib/position-queue.ts) until
 * `sendUnsentPositions`. Null when not kept.
 */
export async function saveReadingPosition(
  bookId: string,
  position: ReadingPositionInput,
  { keepalive = false } = {},
): Promise<ReadingPosition | null> {
  const timed: TimedPosition = { ...position, at: position.at ?? new Date().toISOString() }
  let response: Response
  try {
    response = await fetch(`${bookApiPath(bookId)}/position`, {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(timed),
    })
  } catch {
    queuePosition(bookId, timed)
    return null
  }
  // Refused (signed out, no longer readable, too old) is an answer too: only a server error waits.
  if (response.status < 500) settlePosition(bookId, timed.at)
  if (!response.ok) return null
  try {
    return (await books((m) => m.ReadingPosition)).parse(await response.json())
  } catch {
    return null
  }
}

/** On start and when the network returns: the places read offline go to the server, each book's latest. */
export async function sendUnsentPositions() {
  for (const [bookId, position] of Object.entries(readUnsentPositions())) {
    await saveReadingPosition(bookId, position)
  }
}

// Readers' ratings and reviews (decision 020). Under the book's key, so anything that refreshes the
// book page refreshes its reviews too.

/** The book page, its reviews and the catalogue's cards all show the rating. */
function refreshRating(queryClient: ReturnType<typeof useQueryClient>, bookId: string) {
  void queryClient.invalidateQueries({ queryKey: bookQueries.detail(bookId).queryKey })
  void queryClient.invalidateQueries({ queryKey: bookKeys.catalogues })
}

/** PUT /api/books/:id/review: the owner's stars and review (saving again replaces it). */
export function useSaveReview(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReaderReviewInput) =>
      api(
        `${bookApiPath(bookId)}/review`,
        reviews((m) => m.ReaderReview),
        { method: 'PUT', body: input },
      ),
    onSuccess: () => refreshRating(queryClient, bookId),
  })
}

/** DELETE /api/books/:id/review: the owner takes back their rating and review. */
export function useDeleteReview(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api(
        `${bookApiPath(bookId)}/review`,
        fields((m) => m.NoContent),
        { method: 'DELETE' },
      ),
    onSuccess: () => refreshRating(queryClient, bookId),
  })
}
