import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LikeState } from '#common/schemas/comments.ts'
import type { PublicPost } from '#common/schemas/posts.ts'
import { postQueries } from '#web/data/posts.ts'
import { api } from '#web/lib/api-client.ts'
import { comments } from './schemas.ts'

export const setLiked = (postId: string, liked: boolean) =>
  api(
    `/api/posts/${encodeURIComponent(postId)}/like`,
    comments((m) => m.LikeState),
    { method: liked ? 'PUT' : 'DELETE' },
  )

/** Likes or unlikes at once on screen; puts the count back if the server refuses. */
export function useLikePost(post: PublicPost) {
  const queryClient = useQueryClient()
  const key = postQueries.post(post.author.id, post.slug).queryKey
  const patch = (state: LikeState) =>
    queryClient.setQueryData(key, (old) => (old ? { ...old, ...state } : old))
  return useMutation({
    mutationFn: (liked: boolean) => setLiked(post.id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData(key)
      if (before) patch({ liked, likes: Math.max(0, before.likes + (liked ? 1 : -1)) })
      return { before }
    },
    onError: (_error, _liked, context) => {
      if (context?.before) patch({ liked: context.before.liked, likes: context.before.likes })
    },
    onSuccess: patch,
  })
}
