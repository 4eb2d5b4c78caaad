import { useQuery } from '@tanstack/react-query'
import { adminQueries } from './admin-queries.ts'

/** What waits for an admin (posts and exams in review, open reports), read only when `enabled`. */
export const useAdminWaiting = (enabled: boolean) => useQuery({ ...adminQueries.waiting(), enabled })
