import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { type CatalogueFilters, queryKeys, SHOWN } from '#common/query-keys.ts'
import { ApiError, api, schemasOf } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// Every read of a book, as TanStack Query options: readers' (the store, a book's page, its chapters
// and reviews, My library), the author's (the workspace, My books) and the admins' (the review
// queue). A screen calls `useQuery(bookQueries.detail(id))`; a mutation refreshes a `bookKeys`
// prefix. The public reads take their keys from common/query-keys.ts, the keys a server-rendered
// page seeds its data under (decision 026).
//
// Only options here, the schemas loaded on use: a shelf on the home page imports this module, and
// must not carry the store's mutations or zod with it.
const books = schemasOf(() => import('#common/schemas/books.ts'))
const reviews = schemasOf(() => import('#common/schemas/book-reviews.ts'))

export const bookKeys = {
  /** Readers' queries: whatever refreshes a book's key refreshes its chapters and reviews. */
  all: queryKeys.books,
  catalogues: [...queryKeys.books, 'catalogue'] as const,
  library: [...queryKeys.books, 'library'] as const,
  /** The author's own books (their settings and contents, bodies included). */
  authored: ['author-books'] as const,
  mine: ['author-books', 'mine'] as const,
  /** The admins' queue and what they open in it, and the writer's books in review. */
  review: ['review', 'books'] as const,
}

export function searchOf(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

export const bookApiPath = (bookId: string) => `/api/books/${encodeURIComponent(bookId)}`
export const chapterPath = (bookId: string, chapterId: string) =>
  `${bookApiPath(bookId)}/chapters/${encodeURIComponent(chapterId)}`

/** A 404 or 400 (someone else's book, or an id that is not one) is an answer, not worth retrying. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2

export const bookQueries = {
  /** GET /api/books: published books matching `filters`, one keyset page at a time. */
  catalogue: (filters: CatalogueFilters) =>
    infiniteQueryOptions({
      queryKey: queryKeys.catalogue(filters),
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/books?${searchOf({ ...filters, cursor: pageParam })}`,
          books((m) => m.BookCardPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** The first `limit` published books matching `filters` (a shelf on home, a writer's or a subject's page). */
  shelf: (filters: CatalogueFilters, limit: number) =>
    queryOptions({
      queryKey: queryKeys.bookShelf(filters, limit),
      queryFn: ({ signal }) =>
        api(
          `/api/books?${searchOf({ limit, ...filters })}`,
          books((m) => m.BookCardPage),
          { signal },
        ),
    }),

  /** GET /api/books/:id: the book page, with the viewer's ownership and reading position. */
  detail: (bookId: string) =>
    queryOptions({
      queryKey: queryKeys.book(bookId),
      queryFn: ({ signal }) =>
        api(
          bookApiPath(bookId),
          books((m) => m.BookPage),
          { signal },
        ),
      // Asked even offline: a book kept on the device is answered by the service worker.
      networkMode: 'offlineFirst',
    }),

  /**
   * GET /api/books/:id/chapters/:chapterId: one chapter with its body. A chapter past the preview
   * answers 403 (and no body) to someone who does not own the book: `isLockedError` tells it apart.
   */
  chapter: (bookId: string, chapterId: string) =>
    queryOptions({
      queryKey: [...queryKeys.book(bookId), 'chapter', chapterId] as const,
      queryFn: ({ signal }) =>
        api(
          chapterPath(bookId, chapterId),
          books((m) => m.Chapter),
          { signal },
        ),
      networkMode: 'offlineFirst',
    }),

  /** GET /api/books/:id/reviews: newest first, a page at a time, with the rating and the viewer's own. */
  reviews: (bookId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.bookReviews(bookId),
      queryFn: ({ pageParam, signal }) =>
        api(
          `${bookApiPath(bookId)}/reviews?${searchOf({ limit: SHOWN.reviews, cursor: pageParam })}`,
          reviews((m) => m.ReaderReviewsPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/me/library: the books I own, the latest acquired first, each with where I stopped. */
  library: (limit: number) =>
    queryOptions({
      queryKey: [...bookKeys.library, limit] as const,
      queryFn: ({ signal }) =>
        api(
          `/api/me/library?limit=${limit}`,
          books((m) => m.LibraryPage),
          { signal },
        ),
    }),

  /** GET /api/books/:id/edit: settings, status and the contents (no bodies), as the author edits them. */
  authored: (bookId: string) =>
    queryOptions({
      queryKey: [...bookKeys.authored, 'one', bookId] as const,
      queryFn: ({ signal }) =>
        api(
          `${bookApiPath(bookId)}/edit`,
          books((m) => m.AuthorBook),
          { signal },
        ),
      retry: retryUnlessRefused,
    }),

  /** GET /api/books/:id/chapters/:chapterId: the author reads every chapter, body included. */
  authoredChapter: (bookId: string, chapterId: string) =>
    queryOptions({
      queryKey: [...bookKeys.authored, 'one', bookId, 'chapter', chapterId] as const,
      queryFn: ({ signal }) =>
        api(
          chapterPath(bookId, chapterId),
          books((m) => m.Chapter),
          { signal },
        ),
      // The editor owns the body once loaded; a refetch would not reach the open editor anyway.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      retry: retryUnlessRefused,
    }),

  /** GET /api/me/books: the writer's books, newest change first, a page at a time. */
  mine: () =>
    infiniteQueryOptions({
      queryKey: bookKeys.mine,
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/me/books?${searchOf({ limit: PAGE_SIZE_DEFAULT, cursor: pageParam })}`,
          books((m) => m.AuthorBookPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/me/books?status=: the writer's own books waiting for review, or sent back with a reason. */
  mineInReview: (status: 'pending' | 'rejected') =>
    infiniteQueryOptions({
      queryKey: [...bookKeys.review, 'mine', status] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/me/books?${searchOf({ status, limit: PAGE_SIZE_DEFAULT, cursor: pageParam })}`,
          books((m) => m.AuthorBookPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/admin/books/review: books waiting for an editor, the longest-waiting first. */
  reviewQueue: () =>
    infiniteQueryOptions({
      queryKey: [...bookKeys.review, 'queue'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/admin/books/review?${searchOf({ limit: PAGE_SIZE_DEFAULT, cursor: pageParam })}`,
          books((m) => m.BookReviewPage),
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/books/:id/edit: the book's settings and contents, as an admin may read any book's. */
  underReview: (bookId: string) =>
    queryOptions({
      queryKey: [...bookKeys.review, 'book', bookId] as const,
      queryFn: ({ signal }) =>
        api(
          `${bookApiPath(bookId)}/edit`,
          books((m) => m.AuthorBook),
          { signal },
        ),
    }),

  /** GET /api/books/:id/chapters/:chapterId: admins read every chapter. */
  chapterUnderReview: (bookId: string, chapterId: string) =>
    queryOptions({
      queryKey: [...bookKeys.review, 'book', bookId, chapterId] as const,
      queryFn: ({ signal }) =>
        api(
          chapterPath(bookId, chapterId),
          books((m) => m.Chapter),
          { signal },
        ),
      staleTime: 60_000,
    }),
}
