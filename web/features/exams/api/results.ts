import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Leaderboard } from '#common/schemas/exam-leaderboard.ts'
import { ExamResults } from '#common/schemas/exams.ts'
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
    const refresh = () => void queryClient.invalidateQueries({ queryKey: examKeys.leaderboard(examId) })
    source.addEventListener('changed', refresh)
    source.addEventListener('open', refresh)
    return () => source.close()
  }, [examId, queryClient])
  return useQuery({
    queryKey: examKeys.leaderboard(examId),
    queryFn: ({ signal }) => api(examPaths.leaderboard(examId), Leaderboard, { signal }),
  })
}
