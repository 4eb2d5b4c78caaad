import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Me, type UpdateProfileInput } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'

export const updateProfile = (input: UpdateProfileInput) =>
  api('/api/me', Me, { method: 'PATCH', body: input })

/** PATCH /api/me. The answer is the fresh profile, so it replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    meta: { inlineErrors: true },
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' })
    },
  })
}
