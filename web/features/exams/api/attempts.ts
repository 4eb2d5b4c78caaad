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
import { type ClockedAttempt, clocked, examKeys, examQueries } from './exam-queries.ts'
import { examPaths } from './paths.ts'

/** A running attempt (resumed after a reload or on another device). Read once: answers live here. */
export const useAttempt = (attemptId: string | null) =>
  useQuery({ ...examQueries.attempt(attemptId ?? ''), enabled: Boolean(attemptId) })

/** Starts an attempt: the server sets its deadline and question order. */
export function useStartAttempt(examId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => clocked(await api(examPaths.start(examId), AttemptState, { method: 'POST' })),
    onSuccess: (started) => {
      queryClient.setQueryData(examQueries.attempt(started.attempt.id).queryKey, started)
      void queryClient.invalidateQueries({ queryKey: examQueries.intro(examId).queryKey })
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
      queryClient.setQueryData<ClockedAttempt>(examQueries.attempt(attemptId).queryKey, (old) =>
        old ? { ...old, attempt: { ...old.attempt, status: 'submitted' } } : old,
      )
      for (const key of [
        examQueries.intro(examId).queryKey,
        examQueries.results(examId).queryKey,
        examQueries.leaderboard(examId).queryKey,
        examKeys.myAttempts,
      ])
        void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}
