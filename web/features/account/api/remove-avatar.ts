import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Me } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'

export const removeAvatar = () => api('/api/me/avatar', Me, { method: 'DELETE' })

export function useRemoveAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' })
    },
  })
}
