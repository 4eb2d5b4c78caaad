import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { AdminUser } from '#common/schemas/admin.ts'
import { pageOf } from '#common/schemas/fields.ts'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './query-keys.ts'

const UserPage = pageOf(AdminUser)

export function fetchUsers({ q, cursor, signal }: { q?: string; cursor?: string; signal?: AbortSignal }) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
  if (q) params.set('q', q)
  if (cursor) params.set('cursor', cursor)
  return api(`/api/admin/users?${params}`, UserPage, { signal })
}

/** Everyone, newest first, filtered by name or e-mail; more pages on demand (keyset). */
export function useUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userSearch(q),
    queryFn: ({ pageParam, signal }) => fetchUsers({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search runs, the previous results stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  })
}
