import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { AdminOrderPage } from '#common/schemas/admin.ts'
import { api } from '#web/lib/api-client.ts'
import { adminKeys, type OrderFilter } from './query-keys.ts'

/** Every order, newest first, by status and by buyer or order id; more pages on demand (keyset). */
export function useAdminOrders(status: OrderFilter, q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.orderSearch(status, q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
      if (status !== 'all') params.set('status', status)
      if (q) params.set('q', q)
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/admin/orders?${params}`, AdminOrderPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}
