import { useQuery } from '@tanstack/react-query'
import { adminQueries } from './admin-queries.ts'

/** The months of money the admin screen shows unless asked for another period (the server's default too). */
export const TOTALS_MONTHS = 12 as const

/** The platform's counts and its money by month; another period keeps the last on screen while it loads. */
export const useTotals = (months: number = TOTALS_MONTHS) => useQuery(adminQueries.totals(months))
