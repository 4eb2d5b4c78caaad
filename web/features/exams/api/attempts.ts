import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type AttemptResult,
  AttemptResult as AttemptResultSchema,
  AttemptState,
  type SaveAnswerInput,
  SavedAnswer,
} from '#common/schemas/exams.ts'
import { api } from '#web/lib/api-client.ts'
import { examPaths } from './paths.ts'
import { examKeys } from './query-keys.ts'

/**
 * An attempt and how far the server's clock is ahead of this device's, measured when the
 * answer arrived: the countdown adds it to Date.now(), so a wrong device clock changes nothing.
 */
export interface ClockedAttempt {
  attempt: AttemptState
  clockOffsetMs: number
}

const clocked = (attempt: AttemptState): ClockedAttempt => ({
  attempt,
  clockOffsetMs: Date.parse(attempt.serverNow) - Date.now(),
})

export const fetchAttempt = async (attemptId: string, signal?: AbortSignal) =>
  clocked(await api(examPaths.attempt(attemptId), AttemptState, { signal }))

/** A running attempt (resumed after a reload or on another device). Read once: answers live here. */
export function useAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: examKeys.attempt(attemptId ?? ''),
    queryFn: ({ signal }) => fetchAttempt(attemptId ?? '', signal),
    enabled: Boolean(attemptId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

/** Starts an attempt: the server sets its deadline and question order. */
export function useStartAttempt(examId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => clocked(await api(examPaths.start(examId), AttemptState, { method: 'POST' })),
    onSuccess: (started) => {
      queryClient.setQueryData(examKeys.attempt(started.attempt.id), started)
      void queryClient.invalidateQueries({ queryKey: examKeys.intro(examId) })
    },
  })
}

/** PUT one answer: the whole of it (value and flag), so the last write wins. */
export const saveAnswer = (attemptId: string, questionId: string, input: SaveAnswerInput) =>
  api(examPaths.answer(attemptId, questionId), SavedAnswer, { method: 'PUT', body: input })

/** The taker left the tab or window; counted on the attempt for the exam's author. */
export const reportTabSwitch = (attemptId: string) =>
  api(examPaths.tabSwitch(attemptId), z.unknown(), { method: 'POST' })

/** Hands the attempt in (idempotent: a second call answers the same result). */
export const submitAttempt = (attemptId: string) =>
  api(examPaths.submitAttempt(attemptId), AttemptResultSchema, { method: 'POST' })

/** Submitting changes my results, the intro's attempts left, my attempts and the leaderboard. */
export function useSubmitAttempt(examId: string) {
  const queryClient = useQueryClient()
  return useMutation<AttemptResult, Error, string>({
    mutationFn: submitAttempt,
    onSuccess: (_result, attemptId) => {
      // The room's copy is closed too, so coming back to it leads to the results.
      queryClient.setQueryData<ClockedAttempt>(examKeys.attempt(attemptId), (old) =>
        old ? { ...old, attempt: { ...old.attempt, status: 'submitted' } } : old,
      )
      for (const key of [
        examKeys.intro(examId),
        examKeys.results(examId),
        examKeys.leaderboard(examId),
        examKeys.myAttempts(),
      ])
        void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}
