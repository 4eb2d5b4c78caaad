import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Me, type WelcomeInput } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'

export const completeWelcome = (input: WelcomeInput) =>
  api('/api/me/welcome', Me, { method: 'POST', body: input })

/** POST /api/me/welcome: saves the welcome answers and marks the person onboarded. */
export function useCompleteWelcome() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeWelcome,
    meta: { inlineErrors: true },
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' })
    },
  })
}
