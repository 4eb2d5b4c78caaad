import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  LessonPractice,
  type PracticeGrade,
  PracticeGradeResult,
  type PracticeReviewInput,
  PracticeReviewResult,
  PracticeSettings,
} from '#common/schemas/practice.ts'
import { api } from '#web/lib/api-client.ts'
import { practiceKeys, practiceQueries } from './practice-queries.ts'

/** How many cards are due (the menu's badge, the dashboard), read only when `enabled`. */
export const usePracticeSummary = (enabled = true) => useQuery({ ...practiceQueries.summary(), enabled })

/** The cards a session starts with. */
export const usePracticeSession = () => useQuery(practiceQueries.session())

export const usePracticeSettings = () => useQuery(practiceQueries.settings())

/**
 * POST /api/practice/cards/:cardId/review: the server checks the answer and reschedules the card.
 * The badge's count changes; the session keeps its own list.
 */
export function useReviewCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ cardId, answer }: { cardId: string; answer: PracticeReviewInput['answer'] }) =>
      api(`/api/practice/cards/${encodeURIComponent(cardId)}/review`, PracticeReviewResult, {
        method: 'POST',
        body: { answer },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.summary }),
  })
}

/** POST /api/practice/cards/:cardId/grade: a Key idea graded by its reader (decision 052). */
export function useGradeCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ cardId, grade }: { cardId: string; grade: PracticeGrade }) =>
      api(`/api/practice/cards/${encodeURIComponent(cardId)}/grade`, PracticeGradeResult, {
        method: 'POST',
        body: { rating: grade },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.summary }),
  })
}

const lessonUrl = (postId: string) => `/api/practice/lessons/${encodeURIComponent(postId)}`

/** GET /api/practice/lessons/:postId: how many of a lesson's Key ideas I practise. */
export const useLessonPractice = (postId: string, enabled: boolean) =>
  useQuery({
    queryKey: practiceKeys.lesson(postId),
    queryFn: ({ signal }) => api(lessonUrl(postId), LessonPractice, { signal }),
    enabled,
  })

/** POST (add those not in yet) or DELETE (take them out) a lesson's Key ideas; the counts follow. */
export function useChangeLessonPractice(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (method: 'POST' | 'DELETE') => api(lessonUrl(postId), LessonPractice, { method }),
    onSuccess: (counts) => {
      queryClient.setQueryData(practiceKeys.lesson(postId), counts)
      void queryClient.invalidateQueries({ queryKey: practiceKeys.summary })
    },
  })
}

/** PATCH /api/me/practice-settings: the answer is the settings as saved. */
export function useSavePracticeSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PracticeSettings) =>
      api('/api/me/practice-settings', PracticeSettings, { method: 'PATCH', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(practiceKeys.settings, saved),
  })
}
