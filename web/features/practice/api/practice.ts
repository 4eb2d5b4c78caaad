import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type PracticeReviewInput, PracticeReviewResult, PracticeSettings } from '#common/schemas/practice.ts'
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

/** PATCH /api/me/practice-settings: the answer is the settings as saved. */
export function useSavePracticeSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PracticeSettings) =>
      api('/api/me/practice-settings', PracticeSettings, { method: 'PATCH', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(practiceKeys.settings, saved),
  })
}
