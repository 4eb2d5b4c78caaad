import type { OrderStatus } from '#common/schemas/payments.ts'

/** Every admin query lives under ['admin', ...], so a mutation can refresh exactly what it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  // Without months: every period's totals (what a mutation refreshes).
  totals: (months?: number) =>
    months === undefined ? (['admin', 'totals'] as const) : (['admin', 'totals', { months }] as const),
  waiting: () => ['admin', 'waiting'] as const,
  users: () => ['admin', 'users'] as const,
  userSearch: (q: string) => ['admin', 'users', { q }] as const,
  messages: () => ['admin', 'messages'] as const,
  messageFilter: (filter: MessageFilter) => ['admin', 'messages', { filter }] as const,
  orders: () => ['admin', 'orders'] as const,
  orderSearch: (status: OrderFilter, q: string) => ['admin', 'orders', { status, q }] as const,
}

export type OrderFilter = OrderStatus | 'all'

export type MessageFilter = 'open' | 'handled' | 'all'
