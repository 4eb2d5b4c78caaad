import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { AdminUser } from '#common/schemas/admin.ts'
import { adminKeys } from './admin-queries.ts'

type UserPages = InfiniteData<{ items: AdminUser[]; nextCursor: string | null }>

/** Puts the server's answer into every loaded user list at once, then refreshes lists and totals. */
export function applyUserChange(queryClient: QueryClient, changed: AdminUser) {
  queryClient.setQueriesData<UserPages>({ queryKey: adminKeys.users }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === changed.id ? changed : item)),
          })),
        }
      : data,
  )
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.users }),
    queryClient.invalidateQueries({ queryKey: adminKeys.totals }),
  ])
}
