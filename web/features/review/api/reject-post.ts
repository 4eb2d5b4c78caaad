import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Post } from '#common/schemas/posts.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './review-queries.ts'

export const rejectPost = ({ id, reason }: { id: string; reason: string }) =>
  api(`/api/admin/posts/${encodeURIComponent(id)}/reject`, Post, { method: 'POST', body: { reason } })

export function useRejectPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rejectPost,
    onSuccess: (post) => {
      toast.success(`“${post.title}” was sent back to its author`)
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}
