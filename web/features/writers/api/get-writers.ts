import { useInfiniteQuery, useIsFetching } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { WriterPage } from '#common/schemas/writers.ts'
import { api } from '#web/lib/api-client.ts'

export function fetchWriters(q: string, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (cursor) params.set('cursor', cursor)
  const qs = params.toString()
  return api(`/api/writers${qs ? `?${qs}` : ''}`, WriterPage, { signal })
}

/** The directory: writers by name, or those whose name or bio contains `q`, a page at a time. */
export function useWriters(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.writers(q),
    queryFn: ({ pageParam, signal }) => fetchWriters(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search loads, the previous results stay on screen (no flash of a spinner).
    placeholderData: (previous) => previous,
  })
}

/** Whether a directory page is loading (for the search field's spinner). */
export const useWritersFetching = () => useIsFetching({ queryKey: ['writers', 'list'] }) > 0
