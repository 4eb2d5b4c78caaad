import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { type CatalogueFilters, queryKeys, SHOWN } from '#common/query-keys.ts'
import type { ReaderReviewInput } from '#common/schemas/book-reviews.ts'
import type { BookPage, ReadingPosition, ReadingPositionInput } from '#common/schemas/books.ts'
import { ApiError, api, schemasOf } from '#web/lib/api-client.ts'

export const books = schemasOf(() => import('#common/schemas/books.ts'))
const reviews = schemasOf(() => import('#common/schemas/book-reviews.ts'))
const payments = schemasOf(() => import('#common/schemas/payments.ts'))
const fields = schemasOf(() => import('#common/schemas/fields.ts'))

// The Books Store as readers meet it: the catalogue, a book's page, its chapters, where the reader
// stopped, and My library. Shared by the store, the reader, the dashboard and (later) the home page,
// writer pages and search.

function searchOf(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

/** GET /api/books: published books matching `filters`, one keyset page at a time. */
export function useCatalogue(filters: CatalogueFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.catalogue(filters),
    queryFn: ({ pageParam, signal }) =>
      api(
        `/api/books?${searchOf({ ...filters, cursor: pageParam })}`,
        books((m) => m.BookCardPage),
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

const bookPath = (bookId: string) => `/api/books/${encodeURIComponent(bookId)}`

/** GET /api/books/:id: the book page, with the viewer's ownership and reading position. */
export function useBook(bookId: string) {
  return useQuery({
    queryKey: queryKeys.book(bookId),
    queryFn: ({ signal }) =>
      api(
        bookPath(bookId),
        books((m) => m.BookPage),
        { signal },
      ),
  })
}

export const chapterKey = (bookId: string, chapterId: string) =>
  [...queryKeys.books, 'one', bookId, 'chapter', chapterId] as const

/**
 * GET /api/books/:id/chapters/:chapterId: one chapter with its body. A chapter past the preview
 * answers 403 (and no body) to someone who does not own the book: `isLockedError` tells it apart.
 */
export function useChapter(bookId: string, chapterId: string | null) {
  return useQuery({
    queryKey: chapterKey(bookId, chapterId ?? ''),
    queryFn: ({ signal }) =>
      api(
        `${bookPath(bookId)}/chapters/${encodeURIComponent(chapterId ?? '')}`,
        books((m) => m.Chapter),
        {
          signal,
        },
      ),
    enabled: chapterId !== null,
    // The previous chapter stays on screen (dimmed) while the next one arrives.
    placeholderData: keepPreviousData,
  })
}

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
        `${bookPath(bookId)}/library`,
        books((m) => m.LibraryState),
        { method: 'POST' },
      ),
    onSuccess: () => {
      queryClient.setQueryData<BookPage>(queryKeys.book(bookId), (book) =>
        book ? { ...book, owned: true, readsAll: true } : book,
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.book(bookId) })
      void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY })
    },
  })
}

/**
 * PUT /api/books/:id/position. With `keepalive` the request outlives the page (sent while it is
 * being hidden or closed), so it goes through fetch directly. A place that could not be kept is
 * not worth interrupting the reader for: the next one is sent seconds later. Null when refused.
 */
export async function saveReadingPosition(
  bookId: string,
  position: ReadingPositionInput,
  { keepalive = false } = {},
): Promise<ReadingPosition | null> {
  try {
    const response = await fetch(`${bookPath(bookId)}/position`, {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(position),
    })
    if (!response.ok) return null
    return (await books((m) => m.ReadingPosition)).parse(await response.json())
  } catch {
    return null
  }
}

export const LIBRARY_QUERY_KEY = [...queryKeys.books, 'library'] as const

/** GET /api/me/library: the books I own, the latest acquired first, each with where I stopped. */
export function useLibrary(limit: number) {
  return useQuery({
    queryKey: [...LIBRARY_QUERY_KEY, limit],
    queryFn: ({ signal }) =>
      api(
        `/api/me/library?limit=${limit}`,
        books((m) => m.LibraryPage),
        { signal },
      ),
  })
}

/** Where the reader goes to read a book: its page, or a chapter of it. */
export const readPath = (bookId: string, chapterId?: string | null) =>
  `/read/${encodeURIComponent(bookId)}${chapterId ? `?chapter=${encodeURIComponent(chapterId)}` : ''}`

// Readers' ratings and reviews (decision 020). Under the book's key, so anything that refreshes the
// book page refreshes its reviews too.

/** GET /api/books/:id/reviews: newest first, a page at a time, with the rating and the viewer's own. */
export function useBookReviews(bookId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.bookReviews(bookId),
    queryFn: ({ pageParam, signal }) =>
      api(
        `${bookPath(bookId)}/reviews?${searchOf({ limit: SHOWN.reviews, cursor: pageParam })}`,
        reviews((m) => m.ReaderReviewsPage),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The book page, its reviews and the catalogue's cards all show the rating. */
function refreshRating(queryClient: ReturnType<typeof useQueryClient>, bookId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.book(bookId) })
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.books, 'catalogue'] })
}

/** PUT /api/books/:id/review: the owner's stars and review (saving again replaces it). */
export function useSaveReview(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReaderReviewInput) =>
      api(
        `${bookPath(bookId)}/review`,
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
        `${bookPath(bookId)}/review`,
        fields((m) => m.NoContent),
        { method: 'DELETE' },
      ),
    onSuccess: () => refreshRating(queryClient, bookId),
  })
}
