import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Me } from '#common/schemas/profile.ts'
import { api } from '#web/lib/api-client.ts'
import { ME_QUERY_KEY } from '#web/lib/session.ts'

/** PUT /api/me/avatar as multipart, field `file`. The server checks the bytes (PNG, JPEG, WebP) and size. */
export function uploadAvatar(file: File) {
  const form = new FormData()
  form.append('file', file)
  return api('/api/me/avatar', Me, { method: 'PUT', form })
}

export function useUploadAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadAvatar,
    meta: { inlineErrors: true },
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, refetchType: 'none' })
    },
  })
}
