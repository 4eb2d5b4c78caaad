import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Post } from '#common/schemas/posts.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { api } from '#web/lib/api-client.ts'
import { reviewKeys } from './review-queries.ts'

export const approvePost = (id: string) =>
  api(`/api/admin/posts/${encodeURIComponent(id)}/approve`, Post, { method: 'POST' })

export function useApprovePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: approvePost,
    // Toasted here: the item leaves the queue (and its component unmounts) once the queue refreshes.
    onSuccess: (post) => {
      toast.success(`“${post.title}” is published`)
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
}
