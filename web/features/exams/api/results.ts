import { useQuery } from '@tanstack/react-query'
import { ExamResults, Leaderboard } from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { examPaths } from './paths.ts'
import { examKeys } from './query-keys.ts'

/** My attempts at one exam, the latest submitted one reviewed question by question. */
export function useExamResults(examId: string) {
  return useQuery({
    queryKey: examKeys.results(examId),
    queryFn: ({ signal }) => api(examPaths.results(examId), ExamResults, { signal }),
  })
}

/** How often an open leaderboard asks again. */
export const LEADERBOARD_REFRESH_MS = 10_000

/**
 * The leaderboard, asked again every 10 s while the page is open and visible (TanStack Query
 * pauses the interval while the tab is hidden). When the server publishes leaderboard events
 * over SSE, a stream feeding this query's cache replaces the polling.
 */
export function useLeaderboard(examId: string) {
  return useQuery({
    queryKey: examKeys.leaderboard(examId),
    queryFn: ({ signal }) => api(examPaths.leaderboard(examId), Leaderboard, { signal }),
    refetchInterval: LEADERBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  })
}
