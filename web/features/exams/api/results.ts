import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { examQueries } from './exam-queries.ts'
import { examPaths } from './paths.ts'

/** My attempts at one exam, the latest submitted one reviewed question by question. */
export const useExamResults = (examId: string) => useQuery(examQueries.results(examId))

/**
 * The leaderboard, read again whenever the server says it changed: an EventSource on its stream
 * sends `changed` when anyone's best attempt moves. The board is also read again each time the
 * stream (re)opens, so a change made before it was listening is not missed.
 */
export function useLeaderboard(examId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(examPaths.leaderboardStream(examId))
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: examQueries.leaderboard(examId).queryKey })
    source.addEventListener('changed', refresh)
    source.addEventListener('open', refresh)
    return () => source.close()
  }, [examId, queryClient])
  return useQuery(examQueries.leaderboard(examId))
}
