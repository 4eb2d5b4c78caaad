import { useMutation, useQueryClient } from '@tanstack/react-query'
import { NoContent } from '#common/schemas/fields.ts'
import { api } from '#web/lib/api-client.ts'
import { MY_POSTS_QUERY_KEY } from './get-my-posts.ts'

/** DELETE /api/posts/:id (204). */
export const deletePost = (id: string) =>
  api(`/api/posts/${encodeURIComponent(id)}`, NoContent, { method: 'DELETE' })

export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_POSTS_QUERY_KEY }),
  })
}
