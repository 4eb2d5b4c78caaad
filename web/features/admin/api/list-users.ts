import { useInfiniteQuery } from '@tanstack/react-query'
import { adminQueries } from './admin-queries.ts'

/** Everyone, newest first, filtered by name or e-mail; more pages on demand (keyset). */
export const useUsers = (q: string) => useInfiniteQuery(adminQueries.users(q))
