import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Post } from '#common/schemas/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { MY_POSTS_QUERY_KEY, postQueryKey } from './post-query-key.ts'

/** POST /api/posts/:id/submit: to the review queue, or straight to published for an admin. */
export const submitPost = (id: string) =>
  api(`/api/posts/${encodeURIComponent(id)}/submit`, Post, { method: 'POST' })

export function useSubmitPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitPost,
    // A body refused as empty is explained in the submit dialog; other failures raise a toast.
    meta: { inlineErrors: true },
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post)
      void queryClient.invalidateQueries({ queryKey: MY_POSTS_QUERY_KEY })
    },
  })
}
