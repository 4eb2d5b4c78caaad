import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { AuthorBook, AuthorBookPage, BookReviewPage, Chapter } from '#common/schemas/books.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './query-keys.ts'

// Books in the admins' queue (decision 020): under ['review', ...] so a decision refreshes the lot.
const bookReviewKeys = {
  queue: () => [...reviewKeys.all, 'books'] as const,
  book: (id: string) => [...reviewKeys.all, 'book', id] as const,
  chapter: (id: string, chapterId: string) => [...reviewKeys.all, 'book', id, chapterId] as const,
}

const bookPath = (id: string) => `/api/books/${encodeURIComponent(id)}`

/** GET /api/admin/books/review: books waiting for an editor, the longest-waiting first. */
export function useBookReviewQueue() {
  return useInfiniteQuery({
    queryKey: bookReviewKeys.queue(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/admin/books/review?${params}`, BookReviewPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** GET /api/books/:id/edit: the book's settings and contents, as an admin may read any book's. */
export function useBookUnderReview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: bookReviewKeys.book(id),
    queryFn: ({ signal }) => api(`${bookPath(id)}/edit`, AuthorBook, { signal }),
    enabled,
  })
}

/** GET /api/books/:id/chapters/:chapterId: admins read every chapter. */
export function useChapterUnderReview(id: string, chapterId: string) {
  return useQuery({
    queryKey: bookReviewKeys.chapter(id, chapterId),
    queryFn: ({ signal }) =>
      api(`${bookPath(id)}/chapters/${encodeURIComponent(chapterId)}`, Chapter, { signal }),
    staleTime: 60_000,
  })
}

export function useApproveBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/books/${encodeURIComponent(id)}/approve`, AuthorBook, { method: 'POST' }),
    // Toasted here: the entry leaves the queue (and unmounts) once the queue refreshes.
    onSuccess: (book) => {
      toast.success(`“${book.title}” is in the Books Store`)
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}

export function useRejectBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(`/api/admin/books/${encodeURIComponent(id)}/reject`, AuthorBook, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: (book) => {
      toast.success(`“${book.title}” was sent back to its author`)
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}

/** GET /api/me/books?status=: the writer's own books waiting for review, or sent back with a reason. */
export function useMyBooksInReview(status: 'pending' | 'rejected') {
  return useInfiniteQuery({
    queryKey: [...reviewKeys.all, 'my-books', status] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status, limit: String(PAGE_SIZE_DEFAULT) })
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/me/books?${params}`, AuthorBookPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
