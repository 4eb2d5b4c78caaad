import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me } from '#common/schemas/profile.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'

/** A mutation the API answers with the fresh profile, which then replaces the cached one. */
export function useProfileMutation<V>(
  mutationFn: (variables: V) => Promise<Me>,
  meta?: { inlineErrors: boolean },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta,
    onSuccess: (me) => {
      queryClient.setQueryData(sessionQueries.me().queryKey, me)
      void queryClient.invalidateQueries({ queryKey: sessionQueries.me().queryKey, refetchType: 'none' })
    },
  })
}
