import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommentInput } from '#common/schemas/comments.ts'
import type { PublicPost } from '#common/schemas/posts.ts'
import { postQueries } from '#web/data/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { comments, fields } from './schemas.ts'

/** A post's comments, oldest first, a page at a time. */
export const useComments = (postId: string) => useInfiniteQuery(postQueries.comments(postId))

/** After a change: the list again, and the post's comment count moved by `delta`. */
function useCommentsChanged(post: PublicPost) {
  const queryClient = useQueryClient()
  return (delta: number) => {
    queryClient.setQueryData(postQueries.post(post.author.id, post.slug).queryKey, (old) =>
      old ? { ...old, comments: Math.max(0, old.comments + delta) } : old,
    )
    return queryClient.invalidateQueries({ queryKey: postQueries.comments(post.id).queryKey })
  }
}

export function useAddComment(post: PublicPost) {
  const changed = useCommentsChanged(post)
  return useMutation({
    mutationFn: (input: CommentInput) =>
      api(
        `/api/posts/${encodeURIComponent(post.id)}/comments`,
        comments((m) => m.Comment),
        { body: input },
      ),
    onSuccess: () => changed(1),
    meta: { inlineErrors: true },
  })
}

export function useEditComment(post: PublicPost) {
  const changed = useCommentsChanged(post)
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api(
        `/api/comments/${encodeURIComponent(id)}`,
        comments((m) => m.Comment),
        { method: 'PATCH', body: { body } },
      ),
    onSuccess: () => changed(0),
    meta: { inlineErrors: true },
  })
}

export function useDeleteComment(post: PublicPost) {
  const changed = useCommentsChanged(post)
  return useMutation({
    mutationFn: (id: string) =>
      api(
        `/api/comments/${encodeURIComponent(id)}`,
        fields((m) => m.NoContent),
        { method: 'DELETE' },
      ),
    onSuccess: () => changed(-1),
  })
}
