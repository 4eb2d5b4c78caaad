import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { queryKeys } from '#common/query-keys.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// Writers as TanStack Query options: a writer's profile (their page, the post's author card, the
// Subscribe button) and the directory, under the keys a server-rendered page seeds its data under
// (common/query-keys.ts). The schemas load beside the request (decision 032).
const writers = schemasOf(() => import('#common/schemas/writers.ts'))

export const writerKeys = {
  /** Every search of the directory. */
  directory: ['writers', 'list'] as const,
}

export const writerQueries = {
  /** GET /api/writers/:writerId (404: unknown, or not a writer), with the price (0: a free follow) and the reader's subscription. */
  profile: (writerId: string) =>
    queryOptions({
      queryKey: queryKeys.writer(writerId),
      queryFn: ({ signal }) =>
        api(
          `/api/writers/${encodeURIComponent(writerId)}`,
          writers((m) => m.WriterProfile),
          { signal },
        ),
    }),

  /** GET /api/writers: writers by name, or those whose name or bio contains `q`, a page at a time. */
  directory: (q: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.writers(q),
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams()
        if (q) params.set('q', q)
        if (pageParam) params.set('cursor', pageParam)
        const qs = params.toString()
        return api(
          `/api/writers${qs ? `?${qs}` : ''}`,
          writers((m) => m.WriterPage),
          { signal },
        )
      },
      ...cursorPages,
      // While a new search loads, the previous results stay on screen (no flash of a spinner).
      placeholderData: (previous) => previous,
    }),
}
