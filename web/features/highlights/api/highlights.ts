import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import {
  type CreateHighlightInput,
  Highlight,
  HighlightPage,
  type HighlightTargetInput,
  TargetHighlights,
  type UpdateHighlightInput,
} from '#common/schemas/highlights.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// Highlights' reads and writes. Under ['me'], so signing out (which clears the person's queries)
// drops them: they are private.

export const highlightKeys = {
  all: ['me', 'highlights'] as const,
  target: (target: HighlightTargetInput) => ['me', 'highlights', 'target', target] as const,
  list: (filters: ListFilters) => ['me', 'highlights', 'list', filters] as const,
}

export interface ListFilters {
  q?: string
  bookId?: string
  postId?: string
}

const search = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString()

export const highlightQueries = {
  /** GET /api/highlights/target: mine on one chapter or post, which the reader draws. */
  target: (target: HighlightTargetInput) =>
    queryOptions({
      queryKey: highlightKeys.target(target),
      queryFn: ({ signal }) => api(`/api/highlights/target?${search(target)}`, TargetHighlights, { signal }),
    }),

  /** GET /api/highlights: My highlights, newest first, page by page. */
  list: (filters: ListFilters) =>
    infiniteQueryOptions({
      queryKey: highlightKeys.list(filters),
      queryFn: ({ pageParam, signal }) =>
        api(`/api/highlights?${search({ ...filters, cursor: pageParam })}`, HighlightPage, { signal }),
      ...cursorPages,
    }),
}

/** Where the file comes from: a plain link downloads it (the answer says attachment). */
export const EXPORT_URL = '/api/highlights/export'

function useInvalidateHighlights() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: highlightKeys.all })
}

export function useCreateHighlight() {
  const invalidate = useInvalidateHighlights()
  return useMutation({
    mutationFn: (input: CreateHighlightInput) =>
      api('/api/highlights', Highlight, { method: 'POST', body: input }),
    onSuccess: invalidate,
  })
}

export function useUpdateHighlight() {
  const invalidate = useInvalidateHighlights()
  return useMutation({
    mutationFn: ({ id, ...change }: UpdateHighlightInput & { id: string }) =>
      api(`/api/highlights/${encodeURIComponent(id)}`, Highlight, { method: 'PATCH', body: change }),
    onSuccess: invalidate,
  })
}

export function useDeleteHighlight() {
  const invalidate = useInvalidateHighlights()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/highlights/${encodeURIComponent(id)}`, NoContent, { method: 'DELETE' }),
    onSuccess: invalidate,
  })
}
