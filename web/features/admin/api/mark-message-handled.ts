import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ContactMessage } from '#common/schemas/contact.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { adminKeys } from './admin-queries.ts'

export const markMessageHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  api(`/api/admin/contact-messages/${encodeURIComponent(id)}/handled`, ContactMessage, {
    method: 'PUT',
    body: { handled },
  })

export function useMarkMessageHandled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markMessageHandled,
    // The toast is raised here, not by the caller: the message usually leaves the list (and its
    // component unmounts) once the lists refresh.
    onSuccess: (message) => {
      toast.success(message.handled ? 'Marked as handled' : 'Message reopened')
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messages }),
        queryClient.invalidateQueries({ queryKey: adminKeys.totals }),
      ])
    },
  })
}
