import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AuthorBook } from '#common/schemas/books.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { bookKeys } from './book-queries.ts'

// The admins' decisions on a submitted book (decision 020). The queue and what they open in it are
// read through bookQueries.reviewQueue, .underReview and .chapterUnderReview.

export function useApproveBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/books/${encodeURIComponent(id)}/approve`, AuthorBook, { method: 'POST' }),
    // Toasted here: the entry leaves the queue (and unmounts) once the queue refreshes.
    onSuccess: (book) => {
      toast.success(`“${book.title}” is in the Books Store`)
      return queryClient.invalidateQueries({ queryKey: bookKeys.review })
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
      return queryClient.invalidateQueries({ queryKey: bookKeys.review })
    },
  })
}
