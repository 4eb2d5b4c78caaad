import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import { ReadingListPage, SavedState } from '#common/schemas/reading-list.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// The reading list's reads and writes (Save for later). Under ['me'], so signing out (which clears
// the person's queries) drops them.

export const readingListKeys = {
  all: ['me', 'reading-list'] as const,
  list: ['me', 'reading-list', 'list'] as const,
  saved: (postId: string) => ['me', 'reading-list', 'saved', postId] as const,
}

const savedPath = (postId: string) => `/api/me/reading-list/${encodeURIComponent(postId)}`

export const readingListQueries = {
  /** GET /api/me/reading-list: newest saves first, page by page. */
  list: () =>
    infiniteQueryOptions({
      queryKey: readingListKeys.list,
      queryFn: ({ pageParam, signal }) =>
        api(
          `/api/me/reading-list${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
          ReadingListPage,
          { signal },
        ),
      ...cursorPages,
    }),

  /** GET /api/me/reading-list/:postId: whether this post is saved (its page's button). */
  saved: (postId: string) =>
    queryOptions({
      queryKey: readingListKeys.saved(postId),
      queryFn: ({ signal }) => api(savedPath(postId), SavedState, { signal }),
    }),
}

/** Saves (`true`) or unsaves a post; the button's state is the server's answer, the list is read anew. */
export function useSaveForLater(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (save: boolean): Promise<SavedState> => {
      if (save) return api(savedPath(postId), SavedState, { method: 'PUT' })
      await api(savedPath(postId), NoContent, { method: 'DELETE' })
      return {
        saved: false,
        readable: queryClient.getQueryData(readingListQueries.saved(postId).queryKey)?.readable ?? false,
      }
    },
    onSuccess: (state) => {
      queryClient.setQueryData(readingListKeys.saved(postId), state)
      return queryClient.invalidateQueries({ queryKey: readingListKeys.list })
    },
  })
}
