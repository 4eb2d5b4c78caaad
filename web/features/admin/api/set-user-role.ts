import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AdminUser } from '#common/schemas/admin.ts'
import type { Role } from '#common/schemas/profile.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { applyUserChange } from './update-cached-user.ts'

export const setUserRole = ({ id, role }: { id: string; role: Role }) =>
  api(`/api/admin/users/${encodeURIComponent(id)}/role`, AdminUser, { method: 'PUT', body: { role } })

export function useSetUserRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: (user) => {
      toast.success(
        user.role === 'admin' ? `${user.name} is now an admin` : `${user.name} is no longer an admin`,
      )
      return applyUserChange(queryClient, user)
    },
  })
}
