import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me } from '#common/schemas/profile.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'

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
      queryClient.setQueryData(ME_QUERY_KEY, me)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' })
    },
  })
}
