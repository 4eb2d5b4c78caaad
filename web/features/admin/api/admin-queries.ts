import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import type { PayoutStatus } from '#common/schemas/earnings.ts'
import type { OrderStatus } from '#common/schemas/payments.ts'
import { api, schemasOf } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// Every admin read as TanStack Query options, all under ['admin', ...], so a mutation refreshes
// exactly what it touched (an `adminKeys` prefix). The account menu (the app shell) reads what
// waits: the schemas load on use.
const admin = schemasOf(() => import('#common/schemas/admin.ts'))
const earnings = schemasOf(() => import('#common/schemas/earnings.ts'))

export const adminKeys = {
  all: ['admin'] as const,
  /** Every period's totals. */
  totals: ['admin', 'totals'] as const,
  users: ['admin', 'users'] as const,
  messages: ['admin', 'messages'] as const,
  orders: ['admin', 'orders'] as const,
  payouts: ['admin', 'payouts'] as const,
}

export type OrderFilter = OrderStatus | 'all'
export type MessageFilter = 'open' | 'handled' | 'all'
export type PayoutFilter = PayoutStatus | 'all'

/** A keyset page of an admin list: `limit`, the params that are set, then the cursor. */
function pagePath(path: string, params: Record<string, string | undefined>, cursor: string | undefined) {
  const search = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value)
  if (cursor) search.set('cursor', cursor)
  return `${path}?${search}`
}

export const adminQueries = {
  /** GET /api/admin/totals: the platform's counts and its money by month; another period keeps the last on screen. */
  totals: (months: number) =>
    queryOptions({
      queryKey: [...adminKeys.totals, { months }] as const,
      queryFn: ({ signal }) =>
        api(
          `/api/admin/totals?months=${months}`,
          admin((m) => m.PlatformTotals),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),

  /**
   * GET /api/admin/waiting: posts and exams in review, open reports. Read again each time a screen
   * or the account menu shows it, so it follows decisions made anywhere without invalidation.
   */
  waiting: () =>
    queryOptions({
      queryKey: [...adminKeys.all, 'waiting'] as const,
      queryFn: ({ signal }) =>
        api(
          '/api/admin/waiting',
          admin((m) => m.AdminWaiting),
          { signal },
        ),
    }),

  /** GET /api/admin/users: everyone, newest first, filtered by name or e-mail. */
  users: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.users, { q }] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          pagePath('/api/admin/users', { q }, pageParam),
          admin((m) => m.AdminUserPage),
          { signal },
        ),
      ...cursorPages,
      // While a new search runs, the previous results stay on screen instead of a blank table.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/contact-messages: messages from the contact form, newest first. */
  messages: (filter: MessageFilter) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.messages, { filter }] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          pagePath(
            '/api/admin/contact-messages',
            { handled: filter === 'all' ? undefined : String(filter === 'handled') },
            pageParam,
          ),
          admin((m) => m.ContactMessagePage),
          { signal },
        ),
      ...cursorPages,
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/orders: every order, newest first, by status and by buyer or order id. */
  orders: (status: OrderFilter, q: string) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.orders, { status, q }] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          pagePath('/api/admin/orders', { status: status === 'all' ? undefined : status, q }, pageParam),
          admin((m) => m.AdminOrderPage),
          { signal },
        ),
      ...cursorPages,
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/payouts: every payout request, newest first, by status. */
  payouts: (status: PayoutFilter) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.payouts, { status }] as const,
      queryFn: ({ pageParam, signal }) =>
        api(
          pagePath('/api/admin/payouts', { status: status === 'all' ? undefined : status }, pageParam),
          earnings((m) => m.AdminPayoutPage),
          { signal },
        ),
      ...cursorPages,
      placeholderData: keepPreviousData,
    }),
}
