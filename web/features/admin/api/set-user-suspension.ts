import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AdminUser, type SuspendInput } from '#common/schemas/admin.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { applyUserChange } from './update-cached-user.ts'

export const setUserSuspension = ({ id, ...body }: SuspendInput & { id: string }) =>
  api(`/api/admin/users/${encodeURIComponent(id)}/suspension`, AdminUser, { method: 'PUT', body })

export function useSetUserSuspension() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserSuspension,
    onSuccess: (user) => {
      toast.success(
        user.banned
          ? `${user.name} is suspended and signed out everywhere`
          : `${user.name} can sign in again`,
      )
      return applyUserChange(queryClient, user)
    },
  })
}
