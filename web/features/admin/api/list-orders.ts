import { useInfiniteQuery } from '@tanstack/react-query'
import { adminQueries, type OrderFilter } from './admin-queries.ts'

/** Every order, newest first, by status and by buyer or order id; more pages on demand (keyset). */
export const useAdminOrders = (status: OrderFilter, q: string) =>
  useInfiniteQuery(adminQueries.orders(status, q))
